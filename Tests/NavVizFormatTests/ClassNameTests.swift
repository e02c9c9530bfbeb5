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
        // Runtime subclasses stand for their class: KVO, PSPDFKit's hooks (an objc.io copy of capture 01), Aspects,
        // ReactiveObjC; a mangled class under KVO too.
        ("NSKVONotifying_RootTableViewController", "RootTableViewController", "RootTableViewController"),
        ("__PSPDFHooked_PSPDFViewController", "PSPDFViewController", "PSPDFViewController"),
        ("Shop.CartViewController_Aspects_", "Shop.CartViewController", "CartViewController"),
        ("LoginViewController_RACSelectorSignal", "LoginViewController", "LoginViewController"),
        ("NSKVONotifying__TtC7Example14ViewController", "ViewController", "ViewController"),
        ("__Hooked_", "__Hooked_", "__Hooked_"),
        // A tuple (`T` … `_`): every multi-view builder's `TupleView<(Text, Image)>` (a readability trial: left mangled).
        (
            "_TtGC7SwiftUI19UIHostingControllerGVS_15ModifiedContentV5MyApp4FeedGVS_6HStackGVS_9TupleViewTVS_4TextVS_5Image_____",
            "UIHostingController<ModifiedContent<Feed, HStack<TupleView<(Text, Image)>>>>", "Feed"
        ),
        // A `private` class: its file's discriminator comes before its name (a new user's trial).
        (
            "_TtC8CheckoutP33_0123456789ABCDEF0123456789ABCDEF30PaymentSheetHostViewController", "PaymentSheetHostViewController",
            "PaymentSheetHostViewController"
        ),
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
        // Optional and Array as generic arguments (the standard library's two-letter codes).
        (
            "_TtGC7SwiftUI19UIHostingControllerGVS_15ModifiedContentV7Recipes11ContentViewGVS_30_EnvironmentKeyWritingModifierGSqCS2_9DataModel____",
            "UIHostingController<ModifiedContent<ContentView, _EnvironmentKeyWritingModifier<Optional<DataModel>>>>", "ContentView"
        ),
        ("_TtGC7SwiftUI19UIHostingControllerGSqV7Recipes11ContentView__", "UIHostingController<Optional<ContentView>>", "ContentView"),
        ("_TtGC7Recipes8ListViewGSaSS__", "ListView<Array<String>>", "ListView"),
        // Printed with modules (Swift's own description of a generic class): the screen drops the argument's module.
        ("SwiftUI.UIHostingController<Recipes.ContentView>", "SwiftUI.UIHostingController<Recipes.ContentView>", "ContentView"),
    ])
    func printedClassesReadAsWritten(printed: String, readable: String, screen: String) {
        #expect(ClassName.readable(printed) == readable)
        #expect(ClassName.screen(ClassName.readable(printed)) == screen)
    }

    /// A name the reader cannot read to its end is kept whole: a guess would name the wrong class.
    @Test(arguments: [
        "_TtXYZ", "_TtC7Recipes24RecipeListViewControllerXYZ", "_TtC7Recipes99Short",
        "_TtGC7SwiftUI19UIHostingControllerV7Example11ContentView",
        "_TtGC7SwiftUI19UIHostingController_", "_TtC7Recipes", "_TtC8CheckoutP33_0123", "_TtC8CheckoutP",
    ])
    func anUnreadableMangledNameStaysAsPrinted(printed: String) {
        #expect(ClassName.readable(printed) == printed)
    }

    /// Nested deeper than the reader goes: it recursed without a limit, so a long enough name overflowed the stack.
    @Test func aNameNestedTooDeeplyStaysAsPrinted() {
        for code in ["G", "C", "GC", "VS_"] {
            let printed = "_Tt" + String(repeating: code, count: 200_000)
            #expect(ClassName.readable(printed) == printed)
        }
    }
}
