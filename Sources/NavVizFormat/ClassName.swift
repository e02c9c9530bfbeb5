/// Class names as ObjC prints them, made readable: `App.ViewController` keeps its module,
/// `_TtGC7SwiftUI19UIHostingControllerV7Example11ContentView_` reads `UIHostingController<ContentView>`,
/// and a screen name is the short name, or the view a hosting controller hosts.
public enum ClassName {
    /// The class as people write it: a mangled Swift name demangled (generic arguments by their short
    /// names), anything else unchanged.
    public static func readable(_ printed: String) -> String {
        guard printed.hasPrefix("_Tt") else { return printed }
        var mangled = Mangled(printed.dropFirst(3))
        guard let type = mangled.type(), !type.name.isEmpty else { return printed }
        return type.description
    }

    /// The name without its module (`DAWN.RootTabBarController` → `RootTabBarController`).
    public static func short(_ readable: String) -> String {
        let base = readable.prefix { $0 != "<" }
        guard let dot = base.lastIndex(of: ".") else { return readable }
        return String(readable[readable.index(after: dot)...])
    }

    /// The screen name: the short name, or for a hosting controller the view it hosts, with SwiftUI's
    /// wrappers (`ModifiedContent`, `AnyView`) unwrapped (`UIHostingController<ContentView>` → `ContentView`).
    public static func screen(_ readable: String) -> String {
        let name = short(readable)
        guard let open = name.firstIndex(of: "<"), name.last == ">" else { return name }
        let base = name[..<open]
        guard base.hasSuffix("HostingController") else { return String(base) }
        var argument = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
        while true {
            let head = argument.prefix { $0 != "<" && $0 != "," }
            guard ["ModifiedContent", "AnyView", "_ViewModifier_Content"].contains(head),
                let inner = argument.firstIndex(of: "<")
            else { break }
            argument = String(argument[argument.index(after: inner)...].prefix { $0 != "," && $0 != ">" })
        }
        let first = argument.prefix { $0 != "," && $0 != "<" }.trimmingSpaces
        return first.isEmpty || first == "AnyView" ? String(base) : first
    }

    /// A demangled type: its name and generic arguments.
    struct TypeName: CustomStringConvertible {
        var name: String
        var arguments: [TypeName] = []
        var description: String {
            arguments.isEmpty ? name : "\(name)<\(arguments.map(\.description).joined(separator: ", "))>"
        }
    }

    /// A small reader of the old `_Tt` mangling ObjC prints for Swift classes: `C`/`V`/`O` + module +
    /// name, `G` before a generic type whose arguments follow, `S_`-style substitutions for modules, `_` to
    /// close a generic argument list. Names it cannot read are left as printed by the caller.
    struct Mangled {
        var rest: Substring
        var modules: [String] = []
        init(_ text: Substring) { rest = text }

        mutating func type() -> TypeName? {
            if rest.first == "G" {
                rest = rest.dropFirst()
                guard var base = nominal() else { return nil }
                while let first = rest.first, first != "_" {
                    guard let argument = type() else { return base }
                    base.arguments.append(argument)
                }
                rest = rest.dropFirst()
                return base
            }
            if rest.hasPrefix("Si") {
                rest = rest.dropFirst(2)
                return TypeName(name: "Int")
            }
            if rest.hasPrefix("SS") {
                rest = rest.dropFirst(2)
                return TypeName(name: "String")
            }
            if rest.hasPrefix("Sb") {
                rest = rest.dropFirst(2)
                return TypeName(name: "Bool")
            }
            if rest.hasPrefix("P") {
                // A protocol composition or existential: skip to the closing underscore.
                rest = rest.drop { $0 != "_" }
                rest = rest.dropFirst()
                return TypeName(name: "Any")
            }
            return nominal()
        }

        /// `C`/`V`/`O`, a module (or a substitution), a name; nested types repeat the kind and the name.
        mutating func nominal() -> TypeName? {
            guard let kind = rest.first, "CVO".contains(kind) else { return nil }
            rest = rest.dropFirst()
            if rest.hasPrefix("S"), let end = rest.dropFirst().firstIndex(of: "_"),
                rest[rest.index(after: rest.startIndex)..<end].allSatisfy(\.isNumber)
            {
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("So") || rest.hasPrefix("Sc") {
                rest = rest.dropFirst(2)
            } else {
                guard let module = identifier() else { return nil }
                modules.append(module)
            }
            guard let name = identifier() else { return nil }
            return TypeName(name: name)
        }

        /// A length-prefixed identifier (`11ContentView`).
        mutating func identifier() -> String? {
            let digits = rest.prefix(while: \.isNumber)
            guard let count = Int(digits), count > 0 else { return nil }
            rest = rest.dropFirst(digits.count)
            guard rest.count >= count else { return nil }
            let name = String(rest.prefix(count))
            rest = rest.dropFirst(count)
            return name
        }
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
