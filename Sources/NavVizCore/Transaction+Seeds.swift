/// Seed containers: activities, notification sequences, animated stacks, memory warnings (seed-semantics §3–§6).
extension Transaction {
    mutating func activate(_ key: String, rule: ActivationRule) throws(NavigationError) { throw .buildFailed("activate is not implemented yet") }
    mutating func flushActivity(_ key: String) throws(NavigationError) { throw .buildFailed("flushActivity is not implemented yet") }
    mutating func register(_ key: String, _ spec: NodeSpec) throws(NavigationError) { throw .buildFailed("register is not implemented yet") }
    mutating func flick(velocity: Double?) throws(NavigationError) { throw .buildFailed("flick is not implemented yet") }
    mutating func pushView(_ spec: NodeSpec) throws(NavigationError) { throw .buildFailed("pushView is not implemented yet") }
    mutating func popView() throws(NavigationError) { throw .buildFailed("popView is not implemented yet") }
    mutating func setViews(_ specs: [NodeSpec]) throws(NavigationError) { throw .buildFailed("setViews is not implemented yet") }
    mutating func updateView(_ spec: NodeSpec) throws(NavigationError) { throw .buildFailed("updateView is not implemented yet") }
    mutating func memoryWarning() throws(NavigationError) { diffsWindow = false }
}
