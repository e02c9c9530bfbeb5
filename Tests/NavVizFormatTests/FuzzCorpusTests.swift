import Foundation
import NavVizCore
import NavVizFormat
import NavVizTestSupport
import Testing

@testable import NavVizFuzzing

/// The fuzzers' checks, replayed on every seed and on every input a fuzzer once broke navviz with
/// (Fuzz/corpus/TARGET/): each of them must now hold every property, so a fix that regresses fails here.
@Suite struct FuzzCorpusTests {
    static let root = packageRoot

    static func files(_ folder: String, suffix: String) -> [String] {
        let url = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { "\(folder)/\($0)" }
    }

    static let inputs: [(FuzzTarget, String)] =
        files("Samples", suffix: ".json").flatMap { [(.json, $0), (.scenario, $0)] }
        + files("Fuzz/corpus/scenario", suffix: ".json").flatMap { [(.json, $0), (.scenario, $0)] }
        + files("Fuzz/corpus/snapshot", suffix: ".json").flatMap { [(.json, $0), (.snapshot, $0)] }
        + files("Tests/Fixtures/captures", suffix: ".txt").map { (.capture, $0) }
        + files("Fuzz/corpus/capture", suffix: ".txt").map { (.capture, $0) }

    @Test func theCorpusIsThere() {
        #expect(Self.inputs.filter { $0.0 == .capture }.count >= 19)
        #expect(Self.inputs.filter { $0.0 == .snapshot }.count >= 20)
        #expect(Self.inputs.filter { $0.0 == .scenario }.count >= 11)
    }

    @Test(arguments: inputs) func everyPropertyHolds(_ target: FuzzTarget, _ file: String) throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent(file))
        #expect(target.check(Array(data)) == nil)
    }

    @Test func aBrokenRoundTripIsReported() {
        // A number the writer cannot spell is the kind of problem `check` exists to name.
        #expect(FuzzTarget.nonFinite(.object([("a", .array([.number(1), .number(.infinity)]))])) == "$.a[1]")
        #expect(FuzzTarget.nonFinite(.object([("a", .number(1))])) == nil)
    }

    @Test func inputsThatAreNotUTF8AreRefusedNotChecked() {
        for target in FuzzTarget.allCases { #expect(target.check([0xFF, 0xFE, 0x7B]) == nil) }
    }
}

/// What the fuzzers found in the `_printHierarchy` reader, each with the behaviour that replaced it.
@Suite struct CaptureFuzzFindingsTests {
    func capture(_ text: String) throws -> CapturedHierarchy {
        try PrintHierarchy.parse(text, file: "dump.txt").hierarchy()
    }

    @Test func aSecondTopLevelControllerIsAnErrorNotACrash() {
        let text = """
               + <UITabBarController 0x1>, state: disappeared, view: <UILayoutContainerView 0x2> not in the window, presented with: (null)
               | <UIViewController 0x3>, state: disappeared, view: (view not loaded)

            <Other 0x4>, state: appeared, view: <UIView 0x5>
            """
        #expect(throws: PrintHierarchyError.secondRoot(file: "dump.txt", line: 4, first: 1)) {
            try PrintHierarchy.parse(text, file: "dump.txt")
        }
        #expect(
            PrintHierarchyError.secondRoot(file: "dump.txt", line: 3, first: 1).description
                == "dump.txt: line 3: a second top-level controller (the first is on line 1): a second dump, or another window's; keep one dump per file, the app window's lines only"
        )
    }

    @Test(arguments: [0, 4]) func aSplitWithoutOneToThreeColumnsIsAPlainContainer(_ columns: Int) throws {
        var text = "<UISplitViewController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n"
        for n in 0..<columns { text += "   | <Column\(n) 0x1\(n)>, state: appeared, view: <UIView 0x2\(n)>\n" }
        let result = try capture(text)
        #expect(result.hierarchy["UISplitViewController"].kind == .controller)
        let count = columns == 0 ? "no child controllers" : "\(columns) child controllers"
        // Four on screen: collapsed to the fourth, its compact column; nothing suggests a --kind (it would not help).
        let compact = columns == 4 ? " (the fourth, shown, is its compact column's: collapsed to it)" : ""
        #expect(
            result.notes == [
                "'UISplitViewController' has \(count), not the one to three columns of a split\(compact), so it is drawn as a plain container"
            ])
    }

    /// An expanded column-style split with a compact column's controller, off screen, as its fourth child (a trial's iPad
    /// Mail-like dump): the three columns are read, the fourth left out with a note; the secondary is visible.
    @Test func aSplitsFourthChildOffScreenIsItsCompactColumn() throws {
        let text = """
            <UISplitViewController 0x107e1c200>, state: appeared, view: <_UISplitViewControllerPanelImplView: 0x107d0c6e0>
               | <UINavigationController 0x10801a400>, state: appeared, view: <UILayoutContainerView: 0x107d18e90>
               |    | <Mail.SidebarViewController 0x107d0f2c0>, state: appeared, view: <UICollectionView: 0x108035600>
               | <UINavigationController 0x108029c00>, state: appeared, view: <UILayoutContainerView: 0x107d2a4b0>
               |    | <Mail.MailboxViewController 0x107d21170>, state: appeared, view: <UITableView: 0x108051c00>
               | <UINavigationController 0x10803d200>, state: appeared, view: <UILayoutContainerView: 0x107d3b8f0>
               |    | <Mail.MessageViewController 0x107d33a80>, state: appeared, view: <UIView: 0x107d35f70>
               | <UINavigationController 0x108046800>, state: disappeared, view: (view not loaded)
               |    | <Mail.CompactMailboxListViewController 0x107d46030>, state: disappeared, view: (view not loaded)
            """
        let result = try capture(text)
        let split = result.hierarchy["UISplitViewController"]
        #expect(split.kind == .split && split.isCollapsed == false && split.children.count == 3)
        #expect(result.hierarchy.device == .pad)
        #expect(ViewFinder().find(in: result.hierarchy).visible == "MessageViewController")
        #expect(!result.hierarchy.contains("CompactMailboxListViewController"))
        #expect(
            result.notes.contains(
                "line 8: 'UINavigationController#4', the fourth child of 'UISplitViewController', is taken for its compact column's "
                    + "controller, which UIKit shows only when the split is collapsed: left out with what it holds (navviz's split has up "
                    + "to three columns)"))
    }

    @Test func anIdAClassNameAlreadyTookIsNotReused() throws {
        let text = """
            <Shop.Home#2 0x1>, state: appeared, view: <UIView 0x2>
               | <Home 0x3>, state: appeared, view: <UIView 0x4>
               | <Home 0x5>, state: disappeared, view: (view not loaded)
            """
        let h = try capture(text).hierarchy
        #expect(h["Home#2"].children == ["Home", "Home#3"])
    }

    @Test(arguments: [("SwiftUI..", "SwiftUI.."), ("<Foo>", "<Foo>"), ("Shop.Home", "Home")])
    func aNameThatWouldShortenToNothingKeepsItsWholeSpelling(_ readable: String, _ screen: String) {
        #expect(ClassName.screen(readable) == screen)
    }
}
