import NavVizFormat
import Testing

/// Class names as `_printHierarchy` prints them, made readable and turned into screen names.
@Suite struct ClassNameTests {
    @Test(arguments: [
        ("UINavigationController", "UINavigationController", "UINavigationController"),
        ("DAWN.RootTabBarController", "DAWN.RootTabBarController", "RootTabBarController"),
        ("SwiftUI.UIKitNavigationController", "SwiftUI.UIKitNavigationController", "UIKitNavigationController"),
        ("_TtGC7SwiftUI19UIHostingControllerV7Example11ContentView_", "UIHostingController<ContentView>", "ContentView"),
        ("_TtC7Example14ViewController", "ViewController", "ViewController"),
        (
            "_TtGC7SwiftUI19UIHostingControllerGVS_15ModifiedContentVS_7AnyViewVS_12RootModifier__",
            "UIHostingController<ModifiedContent<AnyView, RootModifier>>", "UIHostingController"
        ),
        (
            "_TtGC7SwiftUI32NavigationStackHostingControllerVS_7AnyView_", "NavigationStackHostingController<AnyView>",
            "NavigationStackHostingController"
        ),
        // From real captures (Tests/Fixtures/captures/09): a nested type, and a substitution of a type seen before.
        ("_TtGC7SwiftUI19UIHostingControllerVVS_7TabItem8RootView_", "UIHostingController<TabItem.RootView>", "TabItem.RootView"),
        (
            "_TtGC7SwiftUI19UIHostingControllerGVS_15ModifiedContentGS1_VVS_22_VariadicView_Children7ElementVS_24NavigationColumnModifier_GVS_18StyleContextWriterVS_19SidebarStyleContext___",
            "UIHostingController<ModifiedContent<ModifiedContent<_VariadicView_Children.Element, NavigationColumnModifier>, StyleContextWriter<SidebarStyleContext>>>",
            "UIHostingController"
        ),
        (
            "_TtGC7SwiftUI41StyleContextSplitViewNavigationControllerVS_19SidebarStyleContext_",
            "StyleContextSplitViewNavigationController<SidebarStyleContext>", "StyleContextSplitViewNavigationController"
        ),
    ])
    func printedClassesReadAsWritten(printed: String, readable: String, screen: String) {
        #expect(ClassName.readable(printed) == readable)
        #expect(ClassName.screen(ClassName.readable(printed)) == screen)
    }

    @Test func anUnreadableMangledNameStaysAsPrinted() {
        #expect(ClassName.readable("_TtXYZ") == "_TtXYZ")
    }
}
