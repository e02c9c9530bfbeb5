import NavVizCore
import NavVizScenario
import Testing

/// A navigation controller's stack does not change while a presentation or dismissal in its line runs, however the
/// change comes: a route chained after a dismissal, a tap on the selected tab (docs/semantics.md#C3; a review found both
/// let through).
@Suite struct PresentationInFlightTests {
    static func statuses(_ steps: String, routes: String = "{}") throws -> [String] {
        let text = #"""
            {"navviz": 1, "name": "t", "routes": \#(routes),
             "root": {"tabs": [{"navigation": ["Home", "Product"], "id": "shopNav"}, {"navigation": ["Cart", "Item"], "id": "cartNav"}], "id": "tabs"},
             "steps": [\#(steps)]}
            """#
        let run = ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "t.json"))
        return run.steps.dropFirst().map { $0.status.rawValue + ($0.outcome.message.map { ": " + $0 } ?? "") }
    }

    @Test func aPopInsideAChainedRoutesDismissalIsRefused() throws {
        let statuses = try Self.statuses(
            #"""
            {"present": "Sheet", "style": "pageSheet"},
            {"navigate": "closeThenOpen"},
            {"pop": true, "target": "cartNav", "after": 0.1}
            """#,
            routes: #"{"closeThenOpen": {"transition": "dismiss", "chain": "open"}, "open": {"build": "Detail", "transition": "push"}}"#)
        #expect(statuses.count == 3)
        #expect(statuses[1] == "ok")
        #expect(statuses[2].hasPrefix("rejected: Cannot pop: 'tabs' is presenting or dismissing a controller, so 'cartNav' does not"))
    }

    @Test func aTapOnTheSelectedTabDuringADismissalIsRefused() throws {
        let statuses = try Self.statuses(
            #"""
            {"present": "Sheet", "style": "pageSheet"},
            {"dismiss": true},
            {"select": 0, "user": true, "after": 0.1},
            {"select": 0, "user": true}
            """#)
        #expect(
            statuses[2].hasPrefix(
                "rejected: Cannot pop to root: 'tabs' is presenting or dismissing a controller, so 'shopNav' does not update its stack "
                    + "meanwhile (UIKit logs 'popToRootViewControllerAnimated: called on"))
        #expect(statuses[3] == "ok")
    }
}
