import NavVizCore

/// A scenario's flow: its distinct states (keyed by a canonical string the caller chooses, such
/// as `DOTBuilder().state(...)` of the state) and the steps between them, in run order.
public struct FlowGraph: Sendable, Equatable {
    /// One distinct state.
    public struct State: Sendable, Equatable {
        /// The canonical key: two states with the same key are the same node.
        public var key: String
        /// The visible controller's name, if any.
        public var visible: String?
        /// The path from the window to the visible controller, as ids.
        public var path: [String]

        /// A state.
        public init(key: String, visible: String? = nil, path: [String] = []) {
            self.key = key
            self.visible = visible
            self.path = path
        }

        /// The path as lines of about `width` characters at most, broken before a ` › ` (a line holds at least
        /// one id, shortened past `DiagramStyle.nameLimit` characters): a real app's path of module-qualified containers made one box of the flow
        /// 2,000 pt wide.
        /// None when the path is the visible controller alone, as named above it (a Mermaid check of real captures read
        /// `reveal` twice under `step 1`).
        public func pathLines(width: Int = 64) -> [String] {
            if path.count == 1, path[0] == visible { return [] }
            var lines: [String] = []
            for id in path.map({ DiagramStyle.capped($0) }) {
                if let last = lines.last, last.count + 3 + id.count <= width {
                    lines[lines.count - 1] = last + " › " + id
                } else {
                    lines.append(lines.isEmpty ? id : "› " + id)
                }
            }
            return lines
        }

        /// A state described by a hierarchy and what its finder reports: the visible controller by its name, and
        /// the `#2` of an id that is the name and a number (a capture's `ViewController#4` and `ViewController#3`
        /// were both `ViewController`); a presented controller on the path with its style (`loginNav (fullScreen)`).
        public init(key: String, hierarchy: Hierarchy, finder: ViewFinderResult) {
            self.init(
                key: key,
                visible: finder.visible.map { id in
                    let name = hierarchy[id].displayName
                    return name + (DiagramItem.numberSuffix(of: id.rawValue, after: name) ?? "")
                },
                // A presented controller on the path says how it was presented: `mainTabs › checkoutNav › loginNav` read
                // as one stack (a readability trial).
                path: finder.path.map { id in
                    guard hierarchy.contains(id), hierarchy[id].presenter != nil, let style = hierarchy[id].style else {
                        return id.rawValue
                    }
                    return "\(id.rawValue) (\(style == .automatic ? "presented" : style.rawValue))"
                })
        }
    }

    /// One step from a state to a state (the same one when it changed nothing).
    public struct Step: Sendable, Equatable {
        /// The step's index in the run.
        public var index: Int
        /// The operation's name.
        public var op: String
        /// How it ended.
        public var status: StepStatus
        /// The key of the state it started from.
        public var from: String
        /// The key of the state it ended in.
        public var to: String

        /// A step.
        public init(index: Int, op: String, status: StepStatus, from: String, to: String) {
            self.index = index
            self.op = op
            self.status = status
            self.from = from
            self.to = to
        }
    }

    /// Distinct states in the order they were first seen.
    public private(set) var states: [State] = []
    /// Steps in run order.
    public private(set) var steps: [Step] = []
    /// The step whose arrow stands out (`render --step N`), if any.
    public var marked: Int?

    /// An empty flow.
    public init() {}

    /// Adds a state unless one with its key is already there.
    public mutating func add(_ state: State) {
        guard !states.contains(where: { $0.key == state.key }) else { return }
        states.append(state)
    }

    /// Adds a step; its states should have been added (steps between unknown states are not drawn).
    public mutating func add(_ step: Step) {
        steps.append(step)
    }

    /// The steps between one state and another (or the same), drawn as one arrow.
    public struct Arrow: Sendable, Equatable {
        /// The key of the state the steps start from.
        public var from: String
        /// The key of the state they end in.
        public var to: String
        /// The steps, in run order.
        public var steps: [Step]

        /// A line for each operation and status the steps have, in the order first seen: `3 · push`, `1, 4, 7, 10 +16 ·
        /// select`, `22 · pop · rejected` (the status when it is not `ok`), with that status.
        public var lines: [(text: String, status: StepStatus)] {
            var groups: [(op: String, status: StepStatus, indices: [Int])] = []
            for step in steps {
                if let at = groups.firstIndex(where: { $0.op == step.op && $0.status == step.status }) {
                    groups[at].indices.append(step.index)
                } else {
                    groups.append((step.op, step.status, [step.index]))
                }
            }
            return groups.map { group in
                return (
                    "\(FlowGraph.listed(group.indices)) · \(group.op)" + (group.status == .ok ? "" : " · \(group.status.rawValue)"),
                    group.status
                )
            }
        }
    }

    /// The arrows of the flow: the steps between the same two states (or that stayed in one) are one arrow, at the first
    /// one's place, labelled with each operation once and its steps (a trial's 60 tab switches between three states were
    /// 60 arrows fanned out, 2,725 pt wide, their labels unreadable; Mermaid refuses a chart of more than 500 arrows).
    public func arrows() -> [Arrow] {
        var arrows: [Arrow] = []
        var at: [String: Int] = [:]
        for step in steps {
            let pair = step.from + "\u{0}" + step.to
            if let index = at[pair] {
                arrows[index].steps.append(step)
            } else {
                at[pair] = arrows.count
                arrows.append(Arrow(from: step.from, to: step.to, steps: [step]))
            }
        }
        return arrows
    }

    /// Step numbers as a label shows them: up to five, or four and how many more (`2, 5, 8, 11 +3`; never `+1`, which
    /// hid a number a fifth would have shown: a trial).
    static func listed(_ indices: [Int]) -> String {
        let shown = indices.count <= 5 ? indices : Array(indices.prefix(4))
        let more = indices.count - shown.count
        return shown.map(String.init).joined(separator: ", ") + (more > 0 ? " +\(more)" : "")
    }

    /// What each state's box is called: the steps that end in it, as the state files are numbered (`initial`,
    /// `step 3`, `steps 0, 4`, `steps 2, 5, 8, 11 +3`). Numbering the distinct states from 1 made the flow's
    /// `state 4` the file `states/003-….svg`. By state key.
    public func stateNames() -> [String: String] {
        var ending: [String: [Int]] = [:]
        if let first = states.first { ending[first.key] = [0] }
        for step in steps { ending[step.to, default: []].append(step.index) }
        var names: [String: String] = [:]
        for state in states {
            let indices = ending[state.key] ?? []
            if indices.count > 1 {
                names[state.key] = "steps \(Self.listed(indices))"
            } else {
                names[state.key] = indices.first.map { $0 == 0 ? "initial" : "step \($0)" } ?? "state"
            }
        }
        return names
    }
}
