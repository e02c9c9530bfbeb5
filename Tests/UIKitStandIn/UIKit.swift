// A stand-in for UIKit on Linux: exactly the UIKit API NavVizCapture's adapter uses, with Apple's
// signatures (main-actor isolation, optionality, property kinds), and no behaviour beyond what a test
// needs to build a hierarchy. It exists so that `Sources/NavVizCapture/UIKitControllerTree.swift`
// type-checks on Linux; it is not UIKit, and nothing here was run on a device.
import Foundation

/// `UIResponder`.
@MainActor
open class UIResponder: NSObject {}

/// `UIView`.
@MainActor
open class UIView: UIResponder {
    /// Stand-in storage for `window`.
    public var standInWindow: UIWindow?
    /// `var window: UIWindow? { get }`.
    open var window: UIWindow? { standInWindow }
}

/// `UIWindow`.
@MainActor
open class UIWindow: UIView {
    /// `UIWindow.Level`.
    public struct Level: RawRepresentable, Hashable, Sendable {
        /// The level's value.
        public var rawValue: CGFloat
        /// A level.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// `.normal`.
        public static let normal = Level(rawValue: 0)
    }
    /// `var rootViewController: UIViewController?`.
    open var rootViewController: UIViewController?
    /// `var windowLevel: UIWindow.Level`.
    open var windowLevel: UIWindow.Level = .normal
    /// Stand-in storage for `isKeyWindow`.
    public var standInIsKey = false
    /// `var isKeyWindow: Bool { get }`.
    open var isKeyWindow: Bool { standInIsKey }
    /// `var isHidden: Bool` (UIView's, declared here as the adapter only reads it on windows).
    open var isHidden = false
}

/// `UIPresentationController`.
@MainActor
open class UIPresentationController: NSObject {}

/// `UIViewController`.
@MainActor
open class UIViewController: UIResponder {
    /// Stand-in storage for `children`.
    public var standInChildren: [UIViewController] = []
    /// Stand-in storage for `presentedViewController`.
    public var standInPresented: UIViewController?
    /// Stand-in storage for `presentingViewController`.
    public weak var standInPresenting: UIViewController?
    /// Stand-in storage for `viewIfLoaded` (nil: not loaded).
    public var standInView: UIView?
    /// Stand-in storage for `presentationController`.
    public var standInPresentationController: UIPresentationController?
    /// Stand-in storage for `isBeingPresented`.
    public var standInIsBeingPresented = false
    /// Stand-in storage for `isBeingDismissed`.
    public var standInIsBeingDismissed = false

    /// `var children: [UIViewController] { get }`.
    open var children: [UIViewController] { standInChildren }
    /// `var presentedViewController: UIViewController? { get }`.
    open var presentedViewController: UIViewController? { standInPresented }
    /// `var presentingViewController: UIViewController? { get }`.
    open var presentingViewController: UIViewController? { standInPresenting }
    /// `var isViewLoaded: Bool { get }`.
    open var isViewLoaded: Bool { standInView != nil }
    /// `var viewIfLoaded: UIView? { get }`.
    open var viewIfLoaded: UIView? { standInView }
    /// `var restorationIdentifier: String?`.
    open var restorationIdentifier: String?
    /// `var title: String?`.
    open var title: String?
    /// `var definesPresentationContext: Bool` (UIKit's navigation controller changes the default to true).
    open var definesPresentationContext = false
    /// `var presentationController: UIPresentationController? { get }`.
    open var presentationController: UIPresentationController? { standInPresentationController }
    /// `var isBeingPresented: Bool { get }`.
    open var isBeingPresented: Bool { standInIsBeingPresented }
    /// `var isBeingDismissed: Bool { get }`.
    open var isBeingDismissed: Bool { standInIsBeingDismissed }

    /// `init(nibName:bundle:)`.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    /// `init()`.
    public convenience override init() { self.init(nibName: nil, bundle: nil) }
}

/// `UINavigationController`.
@MainActor
open class UINavigationController: UIViewController {
    /// `init(nibName:bundle:)`, defining a presentation context as UIKit's does.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        definesPresentationContext = true
    }
}

/// `UITabBarController`.
@MainActor
open class UITabBarController: UIViewController {
    /// `var selectedIndex: Int`.
    open var selectedIndex: Int = 0
    /// `unowned(unsafe) var selectedViewController: UIViewController?`.
    open var selectedViewController: UIViewController?
}

/// `UISplitViewController`.
@MainActor
open class UISplitViewController: UIViewController {
    /// Stand-in storage for `isCollapsed`.
    public var standInIsCollapsed = false
    /// `var isCollapsed: Bool { get }`.
    open var isCollapsed: Bool { standInIsCollapsed }
    /// `UISplitViewController.DisplayMode`.
    public enum DisplayMode: Int, Sendable {
        case automatic, secondaryOnly, oneBesideSecondary, oneOverSecondary, twoBesideSecondary, twoOverSecondary, twoDisplaceSecondary
    }
    /// `var displayMode: UISplitViewController.DisplayMode { get }`.
    open var displayMode: DisplayMode = .oneBesideSecondary
    /// `var viewControllers: [UIViewController]`.
    open var viewControllers: [UIViewController] = []
}

/// `UIScene`.
@MainActor
open class UIScene: UIResponder {
    /// `UIScene.ActivationState`.
    public enum ActivationState: Int, Sendable {
        case unattached = -1, foregroundActive = 0, foregroundInactive = 1, background = 2
    }
    /// Stand-in storage for `activationState`.
    public var standInActivationState: ActivationState = .foregroundActive
    /// `var activationState: UIScene.ActivationState { get }`.
    open var activationState: UIScene.ActivationState { standInActivationState }
}

/// `UIWindowScene`.
@MainActor
open class UIWindowScene: UIScene {
    /// Stand-in storage for `windows`.
    public var standInWindows: [UIWindow] = []
    /// `var windows: [UIWindow] { get }`.
    open var windows: [UIWindow] { standInWindows }
}

/// `UIApplication`.
@MainActor
open class UIApplication: UIResponder {
    /// `class var shared: UIApplication { get }`.
    public static let shared = UIApplication()
    /// Stand-in storage for `connectedScenes`.
    public var standInScenes: Set<UIScene> = []
    /// `var connectedScenes: Set<UIScene> { get }`.
    open var connectedScenes: Set<UIScene> { standInScenes }
}
