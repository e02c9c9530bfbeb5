import NavVizCore
import NavVizFormat
import Testing

@testable import NavVizRender

/// The text beside and above a transition's panels stays as narrow as a box: a long name is shortened as a box shortens
/// it, and a long warning or refusal is wrapped (a trial's 254-character name made one transition 1,100 pt wide, its
/// panels a fraction of it).
@Suite struct TransitionTextTests {
    let builder = DOTBuilder(options: .focused)
    let long = "Very" + String(repeating: "Long", count: 60) + "ViewController"

    /// Every row's text, span after span.
    func texts(_ block: TextBlock) -> [String] { block.rows.map { $0.spans.map(\.text).joined() } }

    /// Two long names that differ only in the middle are cut apart: the words the cut drops stay as initials (a readability
    /// trial's two checkout screens were cut to one label, and a push between them read as nothing happening).
    @Test func longNamesThatDifferInTheMiddleAreCutApart() {
        let credit = "CheckoutFlowPaymentMethodSelectionStepCreditCardEntryWithBillingAddressConfirmationViewController"
        let debit = "CheckoutFlowPaymentMethodSelectionStepDebitCardsEntryWithBillingAddressConfirmationViewController"
        #expect(DiagramStyle.capped(credit) == "CheckoutFlowPaymentMethodSelecti…SCCEWBA…dressConfirmationViewController")
        #expect(DiagramStyle.capped(debit) == "CheckoutFlowPaymentMethodSelecti…SDCEWBA…dressConfirmationViewController")
        #expect(DiagramStyle.capped(credit).count == DiagramStyle.nameLimit)
        // The run table's 40 characters too.
        #expect(Terminal.shortenedApart(credit, to: 40) == "CheckoutFlowPa…MSSCCEWBAC…ViewController")
        #expect(Terminal.shortenedApart(debit, to: 40) == "CheckoutFlowPa…MSSDCEWBAC…ViewController")
        // One word repeated tells nothing apart: the plain cut.
        let repeated = "Very" + String(repeating: "Long", count: 20) + "ViewController"
        #expect(Terminal.shortenedApart(repeated, to: 40) == Terminal.shortened(repeated, to: 40))
        // A name with no words to keep (a mangled one) keeps its start and end around one `…`.
        let mangled = "$s5MyApp" + String(repeating: "x", count: 80) + "C"
        #expect(DiagramStyle.capped(mangled) == Terminal.shortened(mangled, to: DiagramStyle.nameLimit))
    }

    @Test func eventsShowALongNameAsABoxDoes() {
        var outcome = StepOutcome(status: .ok)
        outcome.events = [AppearanceEvent(NodeID(long), .viewWillAppear, animated: true)]
        let rows = texts(builder.eventsTable(outcome))
        #expect(rows == ["Appearance events", "1. \(DiagramStyle.capped(long)).viewWillAppear (animated)"])
        #expect(DiagramStyle.capped(long).count == DiagramStyle.nameLimit)
    }

    @Test func aLongWarningIsWrapped() {
        var outcome = StepOutcome(status: .ok)
        let warning = Array(repeating: "'split' is expanded with no secondary column", count: 5).joined(separator: ", ")
        outcome.warnings = [warning]
        let rows = texts(builder.eventsTable(outcome)).dropFirst(2)
        #expect(rows.count > 1)
        #expect(rows.allSatisfy { $0.count <= 75 })
        #expect(rows.first?.hasPrefix("⚠ 'split'") == true && rows.dropFirst().allSatisfy { $0.hasPrefix("   ") })
        #expect(rows.map { $0.dropFirst(2).trimmingPrefix(" ") }.joined(separator: " ") == warning)
    }

    @Test func aLongRefusalIsWrapped() {
        let outcome = StepOutcome(
            status: .rejected, message: "Cannot push '\(long)': it is already in the stack of 'nav' and more words after it")
        let rows = texts(builder.transitionCaption(TransitionInfo(index: 3, op: "push", outcome: outcome)))
        let banner = rows.dropFirst(2)
        #expect(banner.count > 1)
        #expect(banner.allSatisfy { $0.count <= 100 || !$0.contains(" ") })
        #expect(banner.joined(separator: " ") == "REJECTED: " + outcome.message!)
    }
}

/// A folded box's tooltip lists the ids of what it folds, as `run --json`, `diff` and `--focus` name them (a trial found
/// a folded tab's `UINavigationController#2` only as `UINavigationController`).
@Suite struct FoldedTooltipTests {
    @Test func aFoldedTabsTooltipNamesItsIds() throws {
        // A title is a box's name, not its id (a capture's class is its name too).
        var settings = NodeSpec.navigation([.screen("Settings")])
        settings.title = "Settings tab"
        let sim = try Simulator(root: .tabs([.navigation([.screen("Home")]), settings]))
        let tab = sim.hierarchy[sim.hierarchy.root!].children[1]
        let dot = DOTBuilder(options: .focused).state(sim.hierarchy, finder: sim.finderResult)
        #expect(tab.rawValue.hasSuffix("#2"))
        #expect(dot.contains(#"tooltip="folded: \#(tab.rawValue), Settings""#))
    }
}
