import NavVizCore
import NavVizFormat

/// What a diagram includes. Layout is always top to bottom: the window at the top, siblings
/// (stack entries, tabs, columns) left to right in container order, presented trees below and
/// to the right of their presenters.
public struct DiagramOptions: Sendable, Equatable {
    /// Whether state and transition diagrams carry a legend cluster.
    public var includeLegend: Bool
    /// Whether every node is drawn (`--expand all`); otherwise what the reader does not need is folded
    /// into summary boxes (`DiagramScene.focused`).
    public var expandAll: Bool
    /// A container drawn in full whatever else is folded (`--focus ID`).
    public var focus: NodeID?

    /// Options; by default no legend, everything drawn (the focused diagrams of `navviz render` and the
    /// daemon ask for `expandAll: false`).
    public init(includeLegend: Bool = false, expandAll: Bool = true, focus: NodeID? = nil) {
        self.includeLegend = includeLegend
        self.expandAll = expandAll
        self.focus = focus
    }

    /// The default of `navviz render`, `check`, `diff` and the daemon: focused.
    public static let focused = DiagramOptions(expandAll: false)

    /// The scene as these options draw it.
    func apply(_ scene: DiagramScene, keeping: Set<NodeID> = []) -> DiagramScene {
        expandAll ? scene : scene.focused(keeping: keeping, focus: focus)
    }
}

/// The diagrams' visual language: colours, sizes and the words shown for kinds and states.
/// Every value here is a constant; none is ever built from user text.
enum DiagramStyle {
    /// Arial: Graphviz measures it with the installed Arial or its metric twin Liberation Sans (fontconfig's
    /// alias), and every browser draws it with one of those, so text fills exactly the room it was given.
    /// ("Helvetica" is measured as DejaVu Sans on Linux, a wider font no browser picks for it.) The SVG
    /// names the metric-compatible fallbacks too (`SVGPostProcessor.fontFamilies`).
    static let font = "Arial"
    static let fontSize = "10"
    static let smallFontSize = 8

    /// The accent: the path to the visible controller, and the visible controller's fill.
    static let accent = "#0969da"
    /// On-screen controllers other than the visible one.
    static let onScreenFill = "#cfe4ff"
    /// Text on the accent fill.
    static let onAccentText = "#ffffff"
    static let onAccentSubtle = "#dbeafe"

    static let text = "#1f2328"
    static let subtleText = "#57606a"
    static let border = "#57606a"
    static let inWindowFill = "#ffffff"

    /// Off screen but alive (stack below the top, unselected tabs, inactive activities).
    static let offScreenFill = "#eaeef2"
    static let offScreenBorder = "#afb8c1"
    static let offScreenText = "#6e7781"

    static let clusterBorder = "#8c959f"
    static let clusterOffScreenBorder = "#c8d1da"
    static let clusterOffScreenFill = "#f6f8fa"
    static let clusterVisibleFill = "#eef5ff"

    static let windowFill = "#24292f"

    static let addedFill = "#dafbe1"
    static let addedBorder = "#1a7f37"
    static let removedFill = "#ffebe9"
    static let removedBorder = "#cf222e"
    static let changedFill = "#fff8c5"
    static let changedBorder = "#9a6700"

    static let okText = "#1a7f37"
    static let rejectedBanner = "#cf222e"
    static let softFailureBanner = "#bc4c00"
    static let captionFill = "#f6f8fa"

    static let pathWidth = "2.5"
    static let visibleWidth = "3"

    /// The UIKit (or seed) class a node of this kind stands for, when the node names none.
    static func defaultClass(of node: Node) -> String {
        switch node.kind {
        case .controller: "UIViewController"
        case .navigation: "UINavigationController"
        case .tab: "UITabBarController"
        case .split: "UISplitViewController"
        case .activity:
            node.activity?.flavor == .transitionController ? "FJTransitionController" : "ActivityViewController"
        case .stack: "AnimatedStackView"
        case .notifications: "ModalNotificationController"
        case .view: "UIView"
        }
    }

    /// The class shown for a node: its own, else its kind's.
    static func className(of node: Node) -> String { node.className ?? defaultClass(of: node) }

    /// The class as a box shows it: a generic name without SwiftUI's modifier plumbing (`simplifiedGenerics`), and
    /// when still long its outer type and first-level arguments' heads, the deeper arguments elided, then all
    /// arguments if still long. The tooltip keeps the whole name.
    static func shownClassName(of node: Node) -> String { capped(elidingGenerics(simplifiedGenerics(className(of: node)))) }

    /// A class name without its module, its generic arguments kept: `Shop.Container<Cart>` reads `Container<Cart>`.
    static func withoutModule(_ name: String) -> String {
        let head = name.prefix { $0 != "<" }
        guard let dot = head.lastIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }

    /// A class name without its module and generic arguments: `SwiftUI.UIKitTabBarController` reads
    /// `UIKitTabBarController`, `StyleContextSplitViewNavigationController<…>` `StyleContextSplitViewNavigationController`.
    static func unqualified(_ name: String) -> String {
        let head = name.prefix { $0 != "<" }
        return String(head.split(separator: ".").last ?? head)
    }

    /// A generic name with what a reader does not need dropped from its arguments: SwiftUI's `ModifiedContent<V, M>`
    /// reads as its view `V` (the modifier is plumbing), and an argument's module is left out, so
    /// `SwiftUI.UIHostingController<SwiftUI.ModifiedContent<FitTrack.TodayDashboardView, SwiftUI._EnvironmentKeyWritingModifier<…>>>`
    /// reads `SwiftUI.UIHostingController<TodayDashboardView>` (elided as it was, every hosting controller of an app
    /// read `UIHostingController<…>`). A name that does not parse is kept as it is.
    static func simplifiedGenerics(_ name: String) -> String {
        guard name.utf8.contains(UInt8(ascii: "<")) else { return name }
        var parser = GenericName(Array(name))
        guard let type = parser.type(), parser.atEnd else { return name }
        return type.simplified(isArgument: false).text
    }

    /// The longest name a box shows whole, in characters: some 400 pt in the diagrams' 10 pt bold.
    static let nameLimit = 72

    /// `name`, or its start and end around `…` when it is longer than `limit` characters (a mangled name the
    /// reader could not read, 250 characters, made one box 1,410 pt wide). The tooltip keeps it whole.
    /// The initials of the words the cut drops stay between two `…` (`Terminal.shortenedApart`).
    static func capped(_ name: String, limit: Int = nameLimit) -> String {
        Terminal.shortenedApart(name, to: limit)
    }

    /// `name` with generic arguments nested deeper than a level elided while longer than `limit` characters.
    static func elidingGenerics(_ name: String, limit: Int = 48) -> String {
        guard name.count > limit, name.utf8.contains(UInt8(ascii: "<")) else { return name }
        var shown = name
        for depth in [2, 1] {
            shown = ""
            var level = 0
            for character in name {
                if character == "<" {
                    level += 1
                    if level < depth { shown.append(character) } else if level == depth { shown += "<…" }
                } else if character == ">" {
                    if level <= depth { shown.append(character) }
                    level -= 1
                } else if level < depth {
                    shown.append(character)
                }
            }
            if shown.count <= limit { break }
        }
        return shown
    }

    /// The label of a presentation arrow.
    static func presentationLabel(_ style: PresentationStyle?, of node: Node? = nil) -> String {
        guard let style else { return "presented" }
        if style == .custom, let kind = node.flatMap(customKind) { return "custom (\(kind))" }
        return style == .automatic ? "automatic (pageSheet)" : style.rawValue
    }

    /// What UIKit's own controllers presented with a custom presentation are, by class: an alert or action sheet
    /// (`UIAlertController`), a search (`UISearchController`), an activity sheet (`UIActivityViewController`), whose
    /// edges all read `custom` (a trial).
    private static func customKind(_ node: Node) -> String? {
        switch node.className.map(unqualified) {
        case "UIAlertController": "alert"
        case "UISearchController": "search"
        case "UIActivityViewController": "share sheet"
        default: nil
        }
    }

    /// The banner colour for a step status (nil for `ok`).
    static func banner(for status: StepStatus) -> String? {
        switch status {
        case .ok: nil
        case .rejected: rejectedBanner
        case .noop, .dropped: softFailureBanner
        }
    }

    /// A duration in seconds without trailing zeros (`0.35 s`, `1 s`).
    static func seconds(_ value: Double) -> String { number(value) + " s" }

    /// A number with at most three decimals and no trailing zeros (`0.6`, `12`, `-1`).
    static func number(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
        let millis = Int(abs(value) * 1000 + 0.5)  // rounds half up; no libm needed
        var fraction = String(millis % 1000)
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = value < 0 && millis != 0 ? "-" : ""
        return sign + "\(millis / 1000)" + (fraction.isEmpty ? "" : "." + fraction)
    }
}

/// A generic type name read as a tree: `Outer<Argument, Argument<…>>`.
struct GenericName {
    struct Node {
        var base: String
        var arguments: [Node]

        /// SwiftUI's modifier wrappers dropped, arguments without their module.
        func simplified(isArgument: Bool) -> Node {
            let short = base.split(separator: ".").last.map(String.init) ?? base
            if short == "ModifiedContent", let content = arguments.first { return content.simplified(isArgument: isArgument) }
            // SwiftUI's own types (`_VariadicView_Children.Element`) name no view of the app: `…`, not their last word
            // (`UIHostingController<Element>` read as a view named Element, a readability trial).
            if isArgument, base.split(separator: ".").contains(where: { $0.hasPrefix("_") }) { return Node(base: "…", arguments: []) }
            return Node(base: isArgument ? short : base, arguments: arguments.map { $0.simplified(isArgument: true) })
        }

        var text: String { arguments.isEmpty ? base : base + "<" + arguments.map(\.text).joined(separator: ", ") + ">" }
    }

    private let characters: [Character]
    private var index = 0

    init(_ characters: [Character]) { self.characters = characters }

    var atEnd: Bool { index == characters.count }

    /// A type and its arguments; nil when the text is not one (unbalanced brackets, an empty name).
    mutating func type(depth: Int = 0) -> Node? {
        guard depth < 32 else { return nil }
        while index < characters.count, characters[index] == " " { index += 1 }
        var base = ""
        while index < characters.count, !"<>,".contains(characters[index]) {
            base.append(characters[index])
            index += 1
        }
        base = base.trimmingCharacters(in: .whitespaces)
        guard !base.isEmpty else { return nil }
        var arguments: [Node] = []
        if index < characters.count, characters[index] == "<" {
            index += 1
            while true {
                guard let argument = type(depth: depth + 1) else { return nil }
                arguments.append(argument)
                guard index < characters.count else { return nil }
                if characters[index] == "," {
                    index += 1
                    continue
                }
                guard characters[index] == ">" else { return nil }
                index += 1
                break
            }
        }
        return Node(base: base, arguments: arguments)
    }
}
