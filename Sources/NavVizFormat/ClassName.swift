/// Class names as ObjC prints them, made readable: `App.ViewController` keeps its module,
/// `_TtGC7SwiftUI19UIHostingControllerV7Example11ContentView_` reads `UIHostingController<ContentView>`,
/// and a screen name is the short name, or the view a hosting controller hosts.
public enum ClassName {
    /// The class as people write it: a runtime subclass's class (`unswizzled`), a mangled Swift name demangled
    /// (generic arguments by their short names), anything else unchanged.
    public static func readable(_ printed: String) -> String {
        let printed = unswizzled(printed)
        guard printed.hasPrefix("_Tt") else { return printed }
        var mangled = Mangled(printed.dropFirst(3))
        // Only a name read to its end is demangled; anything else stays exactly as printed.
        guard let type = mangled.type(), !type.name.isEmpty, mangled.rest.isEmpty else { return printed }
        return type.description
    }

    /// The class a runtime subclass stands for: UIKit prints `object_getClass`, so a controller observed with KVO
    /// prints `NSKVONotifying_X`, one hooked by Aspects `X_Aspects_`, by ReactiveObjC `X_RACSelectorSignal`, by
    /// PSPDFKit `__PSPDFHooked_X`. Observation starting between two captures made one controller a new one, with
    /// four callbacks nothing sent.
    public static func unswizzled(_ printed: String) -> String {
        var name = Substring(printed)
        if name.hasPrefix("NSKVONotifying_") { name = name.dropFirst("NSKVONotifying_".count) }
        if name.hasPrefix("__"), let hooked = name.firstRange(of: "Hooked_"),
            name[name.index(name.startIndex, offsetBy: 2)..<hooked.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber })
        {
            name = name[hooked.upperBound...]
        }
        for suffix in ["_Aspects_", "_RACSelectorSignal"] where name.hasSuffix(suffix) { name = name.dropLast(suffix.count) }
        return name.isEmpty ? printed : String(name)
    }

    /// The name without its module (`DAWN.RootTabBarController` → `RootTabBarController`).
    public static func short(_ readable: String) -> String {
        let base = readable.prefix { $0 != "<" }
        guard let dot = base.lastIndex(of: "."), dot < base.index(before: base.endIndex) else { return readable }
        return String(readable[readable.index(after: dot)...])
    }

    /// The screen name: the short name, or for a hosting controller the view it hosts, with SwiftUI's
    /// wrappers (`ModifiedContent`, `AnyView`, `Optional`) unwrapped (`UIHostingController<ContentView>` → `ContentView`).
    public static func screen(_ readable: String) -> String {
        let name = short(readable)
        guard let open = name.firstIndex(of: "<"), open > name.startIndex, name.last == ">" else { return name }
        let base = name[..<open]
        guard base.hasSuffix("HostingController") else { return String(base) }
        var argument = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
        while true {
            let head = argument.prefix { $0 != "<" && $0 != "," }
            guard ["ModifiedContent", "AnyView", "_ViewModifier_Content", "Optional"].contains(head),
                let inner = argument.firstIndex(of: "<")
            else { break }
            argument = String(argument[argument.index(after: inner)...].prefix { $0 != "," && $0 != ">" })
        }
        // The view's own name. A class printed with its module (`SwiftUI.UIHostingController<Recipes.ContentView>`)
        // names its arguments with theirs too: the module goes (`ContentView`); a demangled name has none, and
        // keeps a nested type's enclosing type (`TabItem.RootView`).
        let qualified = argument.prefix { $0 != "," && $0 != "<" }.trimmingSpaces
        var first = qualified
        if name != readable, let dot = qualified.firstIndex(of: "."), qualified.index(after: dot) < qualified.endIndex {
            first = String(qualified[qualified.index(after: dot)...])
        }
        // SwiftUI's own types (`_VariadicView_Children.Element`) say nothing about the screen.
        let isInternal = qualified.split(separator: ".").contains { $0.hasPrefix("_") }
        return first.isEmpty || first == "AnyView" || isInternal ? String(base) : first
    }

    /// A demangled type: its name and generic arguments.
    struct TypeName: CustomStringConvertible {
        var name: String
        var arguments: [TypeName] = []
        var description: String {
            arguments.isEmpty ? name : "\(name)<\(arguments.map(\.description).joined(separator: ", "))>"
        }
    }

    /// A small reader of the old `_Tt` mangling ObjC prints for Swift classes: `C`/`V`/`O` + context + name,
    /// where the context is a module or, for a nested type, another nominal type; `G` before a generic type
    /// whose arguments follow, closed by `_`; `S_`, `S0_`, `S1_`… refer back to the modules and types seen so
    /// far, in order. Names it cannot read are left as printed by the caller.
    struct Mangled {
        var rest: Substring
        /// Modules and nominal types in the order they appeared (`S_` is the first).
        var substitutions: [TypeName?] = []
        /// How deeply `type()` and `nominal()` are nested: a name nested deeper than `maxDepth` is not read.
        var depth = 0
        static let maxDepth = 32
        init(_ text: Substring) { rest = text }

        mutating func type() -> TypeName? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maxDepth else { return nil }
            if rest.first == "G" {
                rest = rest.dropFirst()
                guard var base = standard(Self.standardGenerics) ?? substitution().flatMap({ $0 }) ?? nominal() else { return nil }
                while let first = rest.first, first != "_" {
                    guard let argument = type() else { return nil }
                    base.arguments.append(argument)
                }
                guard !rest.isEmpty, !base.arguments.isEmpty else { return nil }
                rest = rest.dropFirst()
                return base
            }
            // A tuple, `T` + its elements + `_` (`TupleView<(Text, Image)>`, every multi-view builder's: a readability
            // trial's names stayed mangled).
            if rest.first == "T" {
                rest = rest.dropFirst()
                var elements: [TypeName] = []
                while let first = rest.first, first != "_" {
                    guard let element = type() else { return nil }
                    elements.append(element)
                }
                guard !rest.isEmpty else { return nil }
                rest = rest.dropFirst()
                return TypeName(name: "(\(elements.map(\.description).joined(separator: ", ")))")
            }
            if let simple = standard(Self.standardTypes) { return simple }
            if let generic = standard(Self.standardGenerics) { return generic }
            return referencedOrNominal()
        }

        /// The standard library's types the old mangling spells with two letters.
        static let standardTypes = [
            ("Si", "Int"), ("Su", "UInt"), ("SS", "String"), ("Sb", "Bool"), ("Sd", "Double"), ("Sf", "Float"),
        ]
        /// Its generic types, as the base of a `G…_` (`GSqV7Recipes11ContentView_` is `Optional<ContentView>`).
        static let standardGenerics = [("Sq", "Optional"), ("SQ", "ImplicitlyUnwrappedOptional"), ("Sa", "Array")]

        /// One of `table`'s codes at the start, read; nil (nothing consumed) otherwise.
        mutating func standard(_ table: [(String, String)]) -> TypeName? {
            for (code, name) in table where rest.hasPrefix(code) {
                rest = rest.dropFirst(2)
                return TypeName(name: name)
            }
            return nil
        }

        /// A protocol type, a substitution or a nominal type.
        mutating func referencedOrNominal() -> TypeName? {
            if rest.hasPrefix("P") {
                // A protocol composition or existential: skip to the closing underscore.
                rest = rest.drop { $0 != "_" }
                rest = rest.dropFirst()
                return TypeName(name: "Any")
            }
            if let referenced = substitution() { return referenced }
            return nominal()
        }

        /// `S_` (the first substitution), `S0_` (the second)…: the entry, nil for a module; not a
        /// substitution at all when the text does not start with one (then nothing is consumed).
        mutating func substitution() -> TypeName?? {
            guard rest.first == "S" else { return nil }
            let digits = rest.dropFirst().prefix(while: \.isNumber)
            let after = rest.dropFirst(1 + digits.count)
            guard after.first == "_" else { return nil }
            let index = digits.isEmpty ? 0 : (Int(digits) ?? -1) + 1
            guard substitutions.indices.contains(index) else { return nil }
            rest = after.dropFirst()
            return .some(substitutions[index])
        }

        /// `C`/`V`/`O`, a context (a module, a substitution, or an enclosing nominal type), a name.
        mutating func nominal() -> TypeName? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maxDepth, let kind = rest.first, "CVO".contains(kind) else { return nil }
            rest = rest.dropFirst()
            var context: TypeName?
            if let first = rest.first, "CVO".contains(first) {
                guard let enclosing = nominal() else { return nil }
                context = enclosing
            } else if let referenced = substitution() {
                context = referenced
            } else if rest.hasPrefix("So") || rest.hasPrefix("Sc") {
                rest = rest.dropFirst(2)
            } else {
                guard identifier() != nil else { return nil }
                substitutions.append(nil)  // a module
            }
            // A `private` or `fileprivate` type: `P`, its file's discriminator (`33_0123…`), then its name.
            if rest.first == "P", rest.dropFirst().first?.isNumber == true {
                rest = rest.dropFirst()
                guard identifier() != nil else { return nil }
            }
            guard let name = identifier() else { return nil }
            let type = TypeName(name: context.map { "\($0.name).\(name)" } ?? name)
            substitutions.append(type)
            return type
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
