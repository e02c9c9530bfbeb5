// The UIKit adapter: a thin layer over public UIKit API. It compiles where UIKit exists; on Linux the
// NavVizCaptureUIKitTests target compiles this same file (a symlink) against UIKitStandIn, a module that
// declares exactly the UIKit API used here with Apple's signatures, so a typo cannot hide until a Mac build.
#if canImport(UIKit)
    import Foundation
    import NavVizClient
    import NavVizCore
    import NavVizFormat
    import UIKit
#elseif NAVVIZ_UIKIT_STANDIN
    import Foundation
    import NavVizCapture
    import NavVizClient
    import NavVizCore
    import NavVizFormat
    import UIKitStandIn
#endif

#if canImport(UIKit) || NAVVIZ_UIKIT_STANDIN

    /// Names a screen for navviz (wins over `restorationIdentifier` and the class name).
    @MainActor
    public protocol NavVizScreen {
        /// The screen name navviz uses for this controller's id.
        var navvizScreen: String { get }
    }

    /// UIKit's controllers as `CaptureWalker` reads them: `children`, the owned presentation and the typed
    /// container APIs. Never touches `view` (it would load it) and reads `presentationController` only on a
    /// controller that is being presented (reading it elsewhere creates one).
    @MainActor
    public struct UIKitControllerTree: ControllerTree {
        /// The tree's controllers.
        public typealias Controller = UIViewController

        /// An adapter.
        public init() {}

        /// `NSStringFromClass`.
        public func className(of controller: UIViewController) -> String { NSStringFromClass(type(of: controller)) }

        /// `children`.
        public func children(of controller: UIViewController) -> [UIViewController] { controller.children }

        /// `presentedViewController` when this controller is its presenter.
        public func ownedPresentation(of controller: UIViewController) -> UIViewController? {
            guard let presented = controller.presentedViewController, presented.presentingViewController === controller else {
                return nil
            }
            return presented
        }

        /// Navigation (image pickers and SwiftUI stacks included), tab, split (guarded against fakes that claim
        /// to be one), else nil.
        public func containerKind(of controller: UIViewController) -> NodeKind? {
            if controller is UINavigationController { return .navigation }
            if controller is UITabBarController { return .tab }
            guard let split = controller as? UISplitViewController else { return nil }
            #if canImport(ObjectiveC)
                // A private class can claim to be a split view without its API (UIPrintPanelViewController).
                guard split.responds(to: #selector(getter: UISplitViewController.viewControllers)) else { return nil }
            #endif
            _ = split
            return .split
        }

        /// `selectedIndex`, nil for `NSNotFound` (the More tab).
        public func selectedIndex(of controller: UIViewController) -> Int? {
            guard let tabs = controller as? UITabBarController, tabs.selectedIndex != NSNotFound else { return nil }
            return tabs.selectedIndex
        }

        /// `selectedViewController`.
        public func selectedViewController(of controller: UIViewController) -> UIViewController? {
            (controller as? UITabBarController)?.selectedViewController
        }

        /// `isCollapsed`.
        public func isCollapsed(_ controller: UIViewController) -> Bool {
            (controller as? UISplitViewController)?.isCollapsed ?? false
        }

        /// `displayMode`, as the columns it shows (an overlaid column is on screen; a triple-column split's
        /// `oneOverSecondary` hides its primary as `oneBesideSecondary` does).
        public func splitDisplay(of controller: UIViewController) -> SplitDisplay? {
            guard let split = controller as? UISplitViewController else { return nil }
            switch split.displayMode {
            case .secondaryOnly: return .secondaryOnly
            case .oneBesideSecondary, .oneOverSecondary: return .oneBesideSecondary
            case .twoBesideSecondary: return .twoBesideSecondary
            default: return nil
            }
        }

        /// `isViewLoaded`.
        public func isViewLoaded(_ controller: UIViewController) -> Bool { controller.isViewLoaded }

        /// `viewIfLoaded?.window != nil`.
        public func isInWindow(_ controller: UIViewController) -> Bool { controller.viewIfLoaded?.window != nil }

        /// The presentation controller's class, read only on a presented controller.
        public func presentationControllerClass(of controller: UIViewController) -> String? {
            guard controller.presentingViewController != nil, let presentation = controller.presentationController else { return nil }
            return NSStringFromClass(type(of: presentation))
        }

        /// `NavVizScreen`, else `restorationIdentifier`.
        public func screenName(of controller: UIViewController) -> String? {
            (controller as? any NavVizScreen)?.navvizScreen ?? controller.restorationIdentifier
        }

        /// `title`.
        public func title(of controller: UIViewController) -> String? { controller.title }

        /// `definesPresentationContext`, as the app left it.
        public func definesPresentationContext(_ controller: UIViewController) -> Bool? { controller.definesPresentationContext }

        /// Appearing while being presented, disappearing while being dismissed, and either while a
        /// transition coordinator runs (told apart by whether the view is in the window).
        public func transitionalState(of controller: UIViewController) -> TransitionalState? {
            if controller.isBeingPresented { return .appearing }
            if controller.isBeingDismissed { return .disappearing }
            return nil
        }
    }

    /// A capture of one window.
    public struct WindowCapture: Sendable, Equatable {
        /// The hierarchy below the window's root view controller, and what the walk left out.
        public var result: CaptureResult
        /// Whether it is the key window.
        public var isKeyWindow: Bool
    }

    /// Captures an app's view-controller hierarchy for navviz, from public UIKit API only, on the main
    /// actor; posts it to `navviz serve` off the main thread.
    ///
    /// ```swift
    /// #if DEBUG
    /// NavVizCapture.start(client: NavVizClient(), session: "myapp")   // the browser follows the app
    /// #endif
    /// ```
    @MainActor
    public enum NavVizCapture {
        /// Ids that stay with their controllers across captures.
        static let identities = IdentityTable()
        static var recorder: NavVizRecorder?

        /// Window classes (without their module) that belong to tools and the system, not to the app.
        public static let toolWindowClasses: Set<String> = [
            "FLEXWindow", "UITextEffectsWindow", "UIRemoteKeyboardWindow", "LKS_ConnectionWindow",
        ]

        /// The hierarchy below a controller (tests; detached hierarchies). Ids come from `identities`: by
        /// default one table for the app's life, so consecutive captures name a controller the same way.
        public static func snapshot(
            from root: UIViewController, options: CaptureOptions = CaptureOptions(), identities: IdentityTable? = nil
        ) -> CaptureResult {
            CaptureWalker(tree: UIKitControllerTree(), options: options, identities: identities ?? Self.identities).capture(from: root)
        }

        /// One window's hierarchy; nil for a window without a root view controller.
        public static func snapshot(
            of window: UIWindow, options: CaptureOptions = CaptureOptions(), identities: IdentityTable? = nil
        ) -> WindowCapture? {
            guard let root = window.rootViewController else { return nil }
            return WindowCapture(result: snapshot(from: root, options: options, identities: identities), isKeyWindow: window.isKeyWindow)
        }

        /// Every visible app window's hierarchy, key window first (`snapshots(in: .shared)`).
        public static func snapshot(options: CaptureOptions = CaptureOptions()) -> [WindowCapture] {
            snapshots(in: .shared, options: options)
        }

        /// Every visible app window of every connected scene, key window first: scenes, not the deprecated
        /// `keyWindow` or `UIApplication.windows`, and without tool and keyboard windows.
        public static func snapshots(
            in application: UIApplication = .shared, options: CaptureOptions = CaptureOptions(), identities: IdentityTable? = nil
        ) -> [WindowCapture] {
            let scenes = application.connectedScenes.compactMap { $0 as? UIWindowScene }
                .sorted { ($0.activationState == .foregroundActive ? 0 : 1) < ($1.activationState == .foregroundActive ? 0 : 1) }
            var windows: [UIWindow] = []
            for scene in scenes {
                windows += scene.windows.filter {
                    !$0.isHidden && $0.rootViewController != nil
                        && !toolWindowClasses.contains(ClassName.short(ClassName.readable(NSStringFromClass(type(of: $0)))))
                }
            }
            windows = windows.enumerated().sorted { a, b in
                if a.element.isKeyWindow != b.element.isKeyWindow { return a.element.isKeyWindow }
                if a.element.windowLevel != b.element.windowLevel { return a.element.windowLevel.rawValue > b.element.windowLevel.rawValue }
                return a.offset < b.offset
            }.map(\.element)
            return windows.compactMap { snapshot(of: $0, options: options, identities: identities) }
        }

        /// Posts the key window's hierarchy to `session` whenever it changed and no transition is running,
        /// checking `interval` seconds apart; the daemon infers the appearance callbacks in between.
        public static func start(
            client: NavVizClient, session: String, interval: TimeInterval = 0.25, options: CaptureOptions = CaptureOptions()
        ) {
            recorder?.stop()
            let started = NavVizRecorder(client: client, session: session, interval: interval, options: options)
            recorder = started
            started.start()
        }

        /// Stops posting.
        public static func stop() {
            recorder?.stop()
            recorder = nil
        }
    }

    /// Polls the key window on the main run loop and posts each settled, changed state.
    @MainActor
    final class NavVizRecorder {
        let client: NavVizClient
        let session: String
        let interval: TimeInterval
        let options: CaptureOptions
        var timer: Timer?
        var lastPosted: String?
        var isPosting = false

        init(client: NavVizClient, session: String, interval: TimeInterval, options: CaptureOptions) {
            self.client = client
            self.session = session
            self.interval = interval
            self.options = options
        }

        func start() {
            timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in
                MainActor.assumeIsolated { self.tick() }
            }
        }

        func stop() {
            timer?.invalidate()
            timer = nil
        }

        /// Captures on the main actor; encodes and posts on a detached task.
        func tick() {
            guard !isPosting, let capture = NavVizCapture.snapshots(options: options).first else { return }
            // Mid-transition states are still valid, but the daemon would infer callbacks from half a transition.
            let settled = capture.result.hierarchy.nodeIDs.allSatisfy { capture.result.hierarchy[$0].transitionalState == nil }
            let json = capture.result.snapshotJSON
            guard settled, json != lastPosted else { return }
            lastPosted = json
            isPosting = true
            let client = client
            let session = session
            Task.detached {
                do {
                    try await client.postSnapshot(json: json, to: session, creatingSession: true)
                } catch {
                    print("NavVizCapture: \(error)")
                }
                await MainActor.run { self.isPosting = false }
            }
        }
    }

#endif
