import NavVizCore
import Testing

/// The library example in README.md, kept compiling and true.
@Suite struct ReadmeExampleTests {
    @Test func readmeRouterExampleWorks() throws {
        // README: "Library use"
        var router = try Router(root: .navigation([.screen("Home")]))
        router.navigate(to: Builder.screen("Product").pushRoute())
        let signIn = Builder.screen("SignIn").embeddedInNavigation().presentRoute(style: .formSheet)
        let outcome = router.navigate(to: signIn)
        #expect(outcome.status == .ok)
        #expect(router.visible == "SignIn")
        #expect(
            outcome.step.events.map(\.description) == [
                "navigation#2.viewWillAppear", "SignIn.viewWillAppear", "navigation#2.viewDidAppear", "SignIn.viewDidAppear",
            ])
        let refused = router.navigate(to: Builder.screen("Foo").pushRoute(), with: .empty)
        #expect(refused.status == .ok)  // SignIn sits in its own navigation controller, so the push works
        #expect(router.finderResult.path == ["navigation", "navigation#2", "Foo"])
    }
}
