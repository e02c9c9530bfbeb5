import NavVizCore

/// The text UIKit prints for `[UIViewController _printHierarchy]` (LLDB, chisel's `pvc`, cycript,
/// swift-snapshot-testing's `.hierarchy`), read line by line into the controllers it lists.
///
/// Lenient where real dumps drift (surrounding backticks, a colon after view classes on newer iOS, one or
/// two spaces before `(view not loaded)`, purged addresses, a detached root printed with `+`), strict where
/// a guess would mislead: a fragment, or text that is not a dump, is refused with the line that shows it.
public struct PrintHierarchy: Sendable, Equatable {
    /// The appearance state UIKit prints (`_viewControllerFlags & 3`).
    public enum State: String, Sendable, CaseIterable, Equatable {
        case appeared, disappeared, appearing, disappearing
    }

    /// How a line hangs off the one above it.
    public enum Link: Sendable, Equatable {
        /// The first line.
        case root
        /// `   | `: a child (containment).
        case child
        /// `   + `: the presentation its owner shows.
        case presented
    }

    /// One printed controller.
    public struct Controller: Sendable, Equatable {
        /// The 1-based line it was printed on.
        public var line: Int
        /// Its depth (0 for the first line).
        public var depth: Int
        /// How it hangs off its parent line.
        public var link: Link
        /// The class as printed (`UINavigationController`, `App.ViewController`, `_TtGC7SwiftUI…`).
        public var className: String
        /// Its address, when the dump kept addresses (never used for ids).
        public var address: String?
        /// The appearance state.
        public var state: State
        /// Whether its view is loaded (`(view not loaded)` otherwise).
        public var isViewLoaded: Bool
        /// The view's class, when loaded.
        public var viewClass: String?
        /// Whether the loaded view is in the window (no ` not in the window`).
        public var isInWindow: Bool
        /// On a `+` line: the presentation controller's class; nil for `(null)` (a detached root).
        public var presentationControllerClass: String?
        /// Whether the line ends with `, presented with: …`, which UIKit prints on every `+` line.
        public var namesPresentation = false
        /// Indices of its `|` children, in order.
        public var children: [Int] = []
        /// Index of the controller it presents, if any.
        public var presented: Int?
        /// Index of the line it hangs off.
        public var parent: Int?
    }

    /// Every controller, in dump order; index 0 is the root.
    public var controllers: [Controller]
    /// The roots of UIKit's own windows printed after the app's (the keyboard's `UIInputWindowController`),
    /// left out with their lines: class and line.
    public var leftOutWindows: [(className: String, line: Int)] = []
    /// The roots of the app's other windows printed right after its first one, in the same output (a toast's, a debugging
    /// tool's: above the app's window, so printed after it), left out with their lines: class and line.
    public var otherWindows: [(className: String, line: Int)] = []
    /// Lines of a console session around the dump that were not read, each range with why (a note).
    public var leftOutLines: [(lines: ClosedRange<Int>, why: String)] = []
    /// The line of a code fence that opens the dump's block and is never closed: the paste may end before the dump did.
    public var unclosedFence: Int?
    /// The receiver the command before the dump printed it from (`self.navigationController` of `po
    /// [self.navigationController _printHierarchy]`), with the command's line, when a prompt shows it.
    public var printedFrom: (line: Int, receiver: String)?

    /// Equal controllers and left-out windows and lines.
    public static func == (a: PrintHierarchy, b: PrintHierarchy) -> Bool {
        a.controllers == b.controllers && a.leftOutWindows.elementsEqual(b.leftOutWindows) { $0 == $1 }
            && a.otherWindows.elementsEqual(b.otherWindows) { $0 == $1 } && a.leftOutLines.elementsEqual(b.leftOutLines) { $0 == $1 }
            && a.unclosedFence == b.unclosedFence
    }

    /// The root controllers of windows UIKit adds itself (the keyboard, text editing menus), which
    /// `[UIViewController _printHierarchy]` lists after the app's window.
    public static let systemWindowRoots: Set<String> = [
        "UIInputWindowController", "UIEditingOverlayViewController", "UIApplicationRotationFollowingController",
        "UIApplicationRotationFollowingControllerNoTouches", "_UIRemoteInputViewController", "UICompatibilityInputViewController",
    ]

    /// Whether a top-level controller after the app's is the root of a window UIKit adds itself: one of
    /// `systemWindowRoots`, or a UIKit-private class (`UI…`, `_UI…`) whose name says window, input or keyboard
    /// (`UITrackingElementWindowController`, which a newer iOS lists; a trial: unknown ones refused the whole dump).
    public static func isSystemWindowRoot(_ className: String) -> Bool {
        if systemWindowRoots.contains(className) { return true }
        guard className.hasPrefix("UI") || className.hasPrefix("_UI") else { return false }
        let name = className.drop { $0 == "_" }.dropFirst(2)
        return name.containsBytes("Window") || name.containsBytes("Input") || name.containsBytes("Keyboard") || name.hasPrefix("KB")
    }

    /// Whether the root was printed as presented with `(null)` (a hierarchy not in any window).
    public var isDetached: Bool { controllers.first?.link == .presented }
}

/// Why a `_printHierarchy` dump could not be read. One sentence each, naming the file and line.
public enum PrintHierarchyError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty(file: String)
    case commandOnly(file: String, line: Int)
    case notADump(file: String, line: Int, found: String)
    case fragment(file: String, line: Int)
    case skippedLevel(file: String, line: Int, depth: Int, previous: Int)
    case malformed(file: String, line: Int, expected: String, found: String)
    case secondPresentation(file: String, line: Int, owner: Int)
    case editedPrefix(file: String, line: Int, tabs: Bool)
    case secondRoot(file: String, line: Int, first: Int)
    case repeatedRoot(file: String, line: Int, first: Int)
    case cutShort(file: String, line: Int, expected: String, found: String)
    /// A line inside the dump that ends early: shortened with an ellipsis, or cut at a column (`less -S`, a narrow view).
    case cutLine(file: String, line: Int, expected: String, found: String)
    case tooDeep(file: String, line: Int, limit: Int)
    case debuggerError(file: String, line: Int, message: String)
    case twoDumps(file: String, line: Int, prompt: Int)
    /// A second dump in code or comments (two string literals, two doc comments).
    case secondDumpInCode(file: String, line: Int, first: Int)
    /// The dump in a string literal that interpolates (`"<X \(address)>, state: …"`): not the text the debugger printed.
    case interpolatedLiteral(file: String, line: Int)
    /// Text between two dumps (an issue's "**After**:" between two code blocks): the second dump is refused as one.
    case dumpAfterText(file: String, line: Int, text: Int, found: String)
    case scenarioNotCapture(file: String)
    case shortenedString(file: String, line: Int)
    case missingState(file: String, line: Int, found: String)
    case controllerDescription(file: String, line: Int, found: String)
    case textAfterLine(file: String, line: Int, found: String)
    case viewDescription(file: String, line: Int, found: String, dumpLine: Int?)
    case textBeforeDump(file: String, line: Int, found: String, dumpLine: Int)
    case textAfterDump(file: String, line: Int, found: String, dumpLine: Int)
    case onlySystemWindow(file: String, line: Int, className: String)

    /// What was found, quoted; nothing is the line's end (a trial read "found ''" on a line without its view).
    private static func shown(_ found: String) -> String { found.isEmpty ? "the end of the line" : "'\(found)'" }

    /// One sentence, as the CLI prints it.
    public var description: String {
        switch self {
        case .empty(let file):
            "\(file): the capture is empty: expected the text UIKit prints for [UIViewController _printHierarchy]"
        case .onlySystemWindow(let file, let line, let className):
            "\(file): line \(line): only UIKit's own window (\(className): the keyboard's, a text menu's or an alert's) is in the dump, "
                + "not the app's: print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        case .commandOnly(let file, let line):
            "\(file): line \(line): the command that prints the dump is here, but not what it printed: paste the debugger's output below it"
        case .notADump(let file, let line, let found):
            "\(file): line \(line): expected a view controller line such as '<UINavigationController 0x…>, state: appeared, view: <UILayoutContainerView 0x…>', found '\(found)'"
                // Box-drawing bars, from a font or a tool that redrew the tree (a trial got no word of them).
                + (found.contains(where: { ["│", "┃", "├", "└", "╎", "¦"].contains($0) })
                    ? ": its bars are box-drawing characters ('│'), where UIKit prints '|': paste the dump as the debugger printed it"
                    : "")
        case .fragment(let file, let line):
            "\(file): line \(line): the dump starts below the top level: it is a fragment; print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        case .skippedLevel(let file, let line, let depth, let previous):
            "\(file): line \(line): nested \(depth - previous) levels below the line before it (depth \(previous) to \(depth)): the dump is a fragment or was edited"
        case .malformed(let file, let line, let expected, let found):
            "\(file): line \(line): expected \(expected), found \(Self.shown(found))"
        case .secondPresentation(let file, let line, let owner):
            "\(file): line \(line): the controller on line \(owner) already presents one: a controller presents at most one"
        case .editedPrefix(let file, let line, let tabs):
            tabs
                ? "\(file): line \(line): the indentation has tabs and its '|' and '+' do not nest as UIKit's do ('   | ' per level, "
                    + "'   + ' for a presented controller): the dump was edited; paste it as printed"
                : "\(file): line \(line): the indentation is not UIKit's ('   | ' per level): the dump was edited; paste it as printed"
        case .tooDeep(let file, let line, let limit):
            "\(file): line \(line): nested deeper than \(limit) levels: navviz reads hierarchies up to \(limit) controllers deep"
        case .secondRoot(let file, let line, let first):
            "\(file): line \(line): a second top-level controller (the first is on line \(first)): a second dump, or another window's; keep one dump per file, the app window's lines only"
        case .repeatedRoot(let file, let line, let first):
            "\(file): line \(line): a second top-level controller of the class on line \(first): a second dump after the first (or another window's); keep one dump per file"
        case .cutShort(let file, let line, let expected, let found):
            "\(file): line \(line): expected \(expected), found \(Self.shown(found)): the dump's last line ends early; was the paste cut short? Paste the whole dump"
        case .cutLine(let file, let line, let expected, let found):
            "\(file): line \(line): expected \(expected), found \(Self.shown(found)): the line ends early (cut at a column, or shortened with '…'); paste the dump as the debugger printed it"
        case .debuggerError(let file, let line, let message):
            "\(file): line \(line): the debugger printed an error, not a dump: '\(message)'. "
                + (message.hasPrefix("Couldn't look up symbols")
                    // The class's symbol is not linked where the app stopped: the runtime still knows it by name (a trial was told
                    // to run the command that had failed).
                    ? "The debugger cannot find UIKit's class here: look it up by name, 'expr -l objc -O -- (id)[NSClassFromString(@\"UIViewController\") _printHierarchy]'"
                    : "From a Swift frame, use 'expr -l objc -O -- [UIViewController _printHierarchy]'")
        case .shortenedString(let file, let line):
            "\(file): line \(line): the debugger shortened the string (it ends in \"...): print the dump with 'po', or run 'settings set target.max-string-summary-length 0' first"
        case .scenarioNotCapture(let file):
            "\(file): a navviz scenario or run JSON, not a capture: 'navviz run', 'render' and 'check' read a scenario as it is, 'navviz diff' a run"
        case .missingState(let file, let line, let found):
            "\(file): line \(line): '\(found)' has no ', state: …, view: …' after it: the dump was shortened (navviz reads each controller's state and view to tell what is on screen); paste it as the debugger printed it"
        case .textAfterLine(let file, let line, let found):
            "\(file): line \(line): text after the controller's line (\(Self.shown(found))): lines joined into one, or a note "
                + "added; paste the dump as the debugger printed it, one controller a line"
        case .controllerDescription(let file, let line, let found):
            "\(file): line \(line): '\(found)' is a controller's description (what po of a controller prints), not its "
                + "_printHierarchy dump: print the dump with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        case .viewDescription(let file, let line, let found, let dumpLine):
            "\(file): line \(line): '\(found)' is not _printHierarchy's: a view's description (recursiveDescription) or an older chisel pvc's line, with no state"
                + (dumpLine.map { "; the controllers' dump starts on line \($0): remove the lines above it" }
                    ?? ": print the controllers with 'expr -l objc -O -- [UIViewController _printHierarchy]'")
        case .textBeforeDump(let file, let line, let found, let dumpLine):
            "\(file): line \(line): '\(found)' is not part of a dump, which starts on line \(dumpLine): remove the lines above it"
        case .textAfterDump(let file, let line, let found, let dumpLine):
            "\(file): line \(line): '\(found)' is not part of the dump, which ends on line \(dumpLine): remove the lines below it"
        case .secondDumpInCode(let file, let line, let first):
            "\(file): line \(line): a second dump starts here (the first starts on line \(first)): keep one dump per file"
        case .interpolatedLiteral(let file, let line):
            "\(file): line \(line): the dump is in a string literal that interpolates ('\\(…)'): navviz reads the text the debugger printed; paste that"
        case .twoDumps(let file, let line, let prompt):
            "\(file): line \(line): a second dump starts here, after the prompt on line \(prompt): keep one dump per file"
        case .dumpAfterText(let file, let line, let text, let found):
            "\(file): line \(line): a second dump starts here, after the text on line \(text) ('\(found)'): keep one dump per file"
        }
    }
}

extension PrintHierarchy {
    /// Whether a line is a controller without its state and view (`<UITabBarController 0x…>`): a dump shortened
    /// by hand.
    static func isBareControllerLine(_ line: Substring) -> Bool {
        guard !isViewDescription(line) else { return false }
        var trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "|" || $0 == "+" }
        while trimmed.last?.isWhitespace == true { trimmed = trimmed.dropLast() }
        guard trimmed.first == "<", trimmed.last == ">", !trimmed.containsBytes(", state: ") else { return false }
        // A class name starts with a capital or `_`, or has an address after it (`<ydRootVC 0x…>`): `<details>` is HTML (it
        // was said to be a shortened dump, a review).
        guard let initial = trimmed.dropFirst().first else { return false }
        var scanner = Scanner(text: trimmed)
        guard let (_, address) = scanner.object(), scanner.rest.isEmpty else { return false }
        return initial.isUppercase || initial == "_" || address != nil
    }

    /// Whether a line is a view's description (`<UIWindow: 0x…; frame = (…); layer = …>`, as `recursiveDescription`
    /// prints it) or chisel's own controller printer (`<X: 0x…; view = <…>; frame = (…)>`): not `_printHierarchy`'s.
    static func isViewDescription(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "|" || $0 == "+" }
        return trimmed.hasPrefix("<") && !trimmed.containsBytes(", state: ")
            && (trimmed.containsBytes("; frame = (") || trimmed.containsBytes("; view = <"))
    }

    /// The number of the first controller line after line `line`; with `topLevel`, the first at the top level: where a
    /// dump starts.
    static func firstControllerLine(in lines: [(number: Int, text: Substring)], after: Int, topLevel: Bool) -> Int? {
        lines.first { line in
            // Cycript's output comes in backticks or quotes (`` `<X 0x…>, state: …` ``): a second dump so was left out as
            // a later command's output (a review).
            let text = line.text.first == "`" || line.text.first == "\"" ? line.text.dropFirst() : line.text
            return line.number > after && (!topLevel || text.hasPrefix("<"))
                && isControllerLine(text)
        }?.number
    }

    /// Whether a line of the text is the command that prints a dump at a debugger's prompt (`(lldb) po …
    /// _printHierarchy`, chisel's `pvc`): a console paste meant as a capture (notes may name the method, not a prompt).
    public static func holdsHierarchyCommand(_ text: String) -> Bool {
        splitLines(withoutCommentMarkers(Substring(text))).contains(where: isHierarchyCommand)
    }

    /// The number of the first line that types the command printing a dump, at a prompt or without one (a cheat
    /// sheet's `    po …_printHierarchy…` in a code block), when no line may be a dump's: notes that keep the command, or a
    /// paste that lost what it printed. Nil otherwise.
    /// A command without a prompt is code (a call, a message in brackets: a glossary's `_printHierarchy` alone is a word);
    /// text with the debugger's `error:` has its error to say instead.
    public static func commandWithoutDump(_ text: String) -> Int? {
        let all = splitLines(Substring(text))
        guard
            let command = all.firstIndex(where: { line in
                isHierarchyCommand(line) || (isCommandBelow(line) && line.contains(where: { "[(.".contains($0) }))
            }),
            !all.contains(where: mayBeDumpText), !holdsDebuggerError(all[command...])
        else { return nil }
        return command + 1
    }

    /// Whether a line from `lines` on is the debugger's error (`error: …`, after any prompt or marker).
    static func holdsDebuggerError(_ lines: ArraySlice<Substring>) -> Bool {
        lines.contains { line in
            var text = line.drop(while: \.isWhitespace)
            if let marker = lineMarkers.first(where: { text.hasPrefix($0) }) { text = unmarked(text, marker).drop(while: \.isWhitespace) }
            return text.hasPrefix("error:")
        }
    }

    /// Whether a text holds the command that prints a dump and, below it, the debugger's error: a console paste whose
    /// error is said when it is read (a folder's note said "no dump" of one, where its name said the error, a review).
    public static func commandThenError(_ text: String) -> Bool {
        let all = splitLines(withoutCommentMarkers(Substring(text)))
        guard let command = all.firstIndex(where: isHierarchyCommand) else { return false }
        return holdsDebuggerError(all[command...])
    }

    /// The numbers of the lines where a dump's first controller is, behind a comment or quote marker (`/// <X 0x…>, state:
    /// …`) or in a string literal in code (`let before = "<X 0x…>, state: …`): a file the reader refused with two has two
    /// dumps (a test's before and after, two doc comments': they were told their first line was no controller line).
    public static func dumpStarts(_ text: String) -> [Int] {
        let lines = splitLines(Substring(text))
        /// The line without its marker, or from the quote that opens a dump in code.
        func body(_ line: Substring) -> Substring {
            var rest = line.drop(while: \.isWhitespace)
            if let marker = lineMarkers.first(where: { rest.hasPrefix($0) }) {
                rest = unmarked(rest, marker).drop(while: \.isWhitespace)
            } else if let quote = rest.firstIndex(of: "\""), rest[rest.index(after: quote)...].first == "<" {
                rest = rest[rest.index(after: quote)...]
            }
            return rest
        }
        return lines.indices.compactMap { index in
            let rest = body(lines[index])
            // A controller line's start, with its state: a comment quoting a view (`// <UIView 0x9> is the header`) is none;
            // or wrapped after its comma, its state on the next line (a review).
            let wrapped =
                rest.last(where: { !$0.isWhitespace }) == "," && index + 1 < lines.count
                && body(lines[index + 1]).hasPrefix("state: ")
            guard rest.first == "<", rest.containsBytes(", state: ") || wrapped, mayBeDumpText(rest) else { return nil }
            return index + 1
        }
    }

    /// Whether the dump that starts on line `number` (1-based) is in a string literal that interpolates (`"<X \(a)>, …"`):
    /// the literal's own text from its opening quote to its closing one, not a message beside it (`"got \(dump())"`).
    public static func interpolatesDump(_ text: String, line number: Int) -> Bool {
        let lines = splitLines(Substring(text))
        guard lines.indices.contains(number - 1) else { return false }
        let line = lines[number - 1]
        guard let open = line.indices.first(where: { line[$0] == "\"" && line[line.index(after: $0)...].first == "<" }) else {
            return false
        }
        return literalEnd(in: line, from: open).interpolates
    }

    /// The closing quote of the Swift string literal whose opening quote is at `open` (the first quote no backslash
    /// escapes; nil when the line ends first), and whether an escape before it opens an interpolation (`\(`).
    static func literalEnd(in line: Substring, from open: Substring.Index) -> (close: Substring.Index?, interpolates: Bool) {
        var interpolates = false
        var position = line.index(after: open)
        while position < line.endIndex {
            let character = line[position]
            if character == "\"" { return (position, interpolates) }
            if character == "\\" {
                let next = line.index(after: position)
                guard next < line.endIndex else { break }
                if line[next] == "(" { interpolates = true }
                position = line.index(after: next)
                continue
            }
            position = line.index(after: position)
        }
        return (nil, interpolates)
    }

    /// Whether some line of the text, without the comment or quote marker every line may carry, reads as a dump's
    /// controller line, with or without its state and view: text a folder's `.txt` file may hold as a capture.
    public static func mentionsController(_ text: String) -> Bool {
        splitLines(withoutCommentMarkers(Substring(text))).contains { isControllerLine($0) || isBareControllerLine($0) }
    }

    /// Whether some line reads as chisel's own controller printer's (`<X: 0x…; view = <…>; frame = (…)>`, an older `pvc`):
    /// a console paste of one is a capture the reader refuses, saying why.
    public static func mentionsChiselController(_ text: String) -> Bool {
        splitLines(withoutCommentMarkers(Substring(text))).contains { isViewDescription($0) && $0.containsBytes("; view = <") }
    }

    /// The line after its prefix of spaces, `|` and `+` (`   |    + <X 0x…>, …` → `<X 0x…>, …`).
    static func afterPrefix(_ line: Substring) -> Substring { line.drop { $0 == " " || $0 == "|" || $0 == "+" } }

    /// Whether a line reads as a dump's controller line (`   | <X 0x…>, state: …, view: …`).
    static func isControllerLine(_ line: Substring) -> Bool {
        let trimmed = afterPrefix(line)
        return trimmed.hasPrefix("<") && line.containsBytes(", state: ") && line.containsBytes(", view: ")
    }

    /// Whether text looks like a `_printHierarchy` dump (its first line is a controller line).
    public static func looksLikeDump(_ text: String) -> Bool { dumpReading(text) != nil }

    /// A paste as the dump reader takes it (`reading(_:)`): kept by whoever asked whether the text is a dump, so that
    /// parsing it does not read it a second time.
    public struct Reading: Sendable {
        let lines: [(number: Int, text: Substring)]
        let prompts: [(number: Int, command: Substring)]
        let leftOut: [(lines: ClosedRange<Int>, why: String)]
        let unclosedFence: Int?
    }

    /// The text as the dump reader takes it, when it looks like a `_printHierarchy` dump (its first line is a controller
    /// line); nil otherwise. `parse(_:file:reading:)` reads the dump from it.
    public static func dumpReading(_ text: String) -> Reading? {
        // Told without reading it as a capture, which takes about a second a megabyte: a golden run.json of 30 MB took 40 s
        // (a trial's `check` of an 800-step flow).
        if startsAsJSONObject(text) { return nil }
        let read = reading(text)
        guard let first = read.lines.first(where: { !$0.text.allSatisfy(\.isWhitespace) })?.text, isControllerLine(first) else {
            return nil
        }
        return Reading(lines: read.lines, prompts: read.prompts, leftOut: read.leftOut, unclosedFence: read.unclosedFence)
    }

    /// Whether text starts as a JSON object does (a scenario, a run, a snapshot): after a byte-order mark and blanks, `{`,
    /// then `"` or `}`. A Jira fence (`{code}`, `{noformat}`) does not.
    public static func startsAsJSONObject(_ text: String) -> Bool {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        var bytes = text.utf8[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        bytes = bytes.drop(while: isBlank)
        guard bytes.first == UInt8(ascii: "{"), let next = bytes.dropFirst().first(where: { !isBlank($0) }) else { return false }
        return next == UInt8(ascii: "\"") || next == UInt8(ascii: "}")
    }

    /// The line of a string LLDB's `p` shortened (`(String?) $R0 = "<…"...`: it prints at most 1,024 characters
    /// of a string), if the text is one.
    public static func shortenedStringLine(_ text: String) -> Int? { shortenedStringLine(in: lines(of: text)) }

    /// `shortenedStringLine(_:)` of a text's lines (`lines(of:)`), read once by a caller that has them.
    static func shortenedStringLine(in lines: [(number: Int, text: Substring)]) -> Int? {
        guard let (number, literal) = leadingLiteral(in: lines) else { return nil }
        return literal.first == "\"" && literal.hasSuffix("\"...") ? number : nil
    }

    /// Whether text is the debugger's error where a dump should be (`(lldb) po …` then `error: …`).
    public static func isDebuggerError(_ text: String) -> Bool {
        leadingDebuggerError(text, file: "") != nil
    }

    /// The debugger's error on the first line after its prompts, whatever follows it: Swift's quotes the expression,
    /// which names `_printHierarchy`, and marks it with `^~~~` (that line was read as the command, and the error left out
    /// as text before it: a trial's most common mistake).
    static func leadingDebuggerError(_ text: String, file: String) -> PrintHierarchyError? {
        let lines = splitLines(withoutCommentMarkers(Substring(text)))
        // (A code fence around the paste is not a line of it: in a folder, a fenced error was left out without a word. Only
        // around the debugger's: a note that fences a build's `error: …` is no capture, a review.)
        let debugger = text.containsBytes("_printHierarchy") || text.containsBytes("<EXPR>") || lines.contains(where: isPrompt)
        guard
            let first = lines.indices.first(where: {
                !lines[$0].allSatisfy(\.isWhitespace) && !isPrompt(lines[$0]) && !(debugger && isFence(lines[$0]))
            }),
            let error = debuggerError(lines[first], line: first + 1, file: file)
        else { return nil }
        // The command tried again below it, and what it printed: the error is console output before that command (a review:
        // `po self` printing one controller after the error is no retry, and lost the error's advice).
        if let retry = lines[(first + 1)...].firstIndex(where: isHierarchyCommand),
            lines[(retry + 1)...].contains(where: opensDump)
        {
            return nil
        }
        return error
    }

    /// Whether a line holds a dump's first controller line as printed or as the output of a command shows it: in a Swift
    /// string's quotes (`po …value(forKey:)`), cycript's backticks, `Optional(`, or after `- some : `.
    static func opensDump(_ line: Substring) -> Bool {
        var text = line.drop(while: \.isWhitespace)
        for wrapper in ["- some : ", "Optional(", "\"", "`"] where text.hasPrefix(wrapper) { text = text.dropFirst(wrapper.count) }
        return isControllerLine(text) || isQuotedDump(line)
    }

    /// Whether the text is the command that prints a dump at its prompt and nothing else but prompts: a capture whose
    /// output was not pasted, not notes on how to take one.
    public static func isCommandOnly(_ text: String) -> Bool {
        let written = splitLines(Substring(text)).filter { !$0.allSatisfy(\.isWhitespace) && !isFence($0) }
        return written.contains(where: isHierarchyCommand) && written.allSatisfy(isPrompt)
    }

    /// The debugger's error when `text`, the first written line of `file`, is one (`error: …`); nil otherwise.
    static func debuggerError(_ text: Substring, line: Int, file: String) -> PrintHierarchyError? {
        let trimmed = text.drop(while: \.isWhitespace)
        guard trimmed.hasPrefix("error:") else { return nil }
        return .debuggerError(file: file, line: line, message: Capture.excerpt(trimmed.dropFirst("error:".count).drop { $0 == " " }))
    }

    /// The deepest line the reader accepts (real apps nest a few dozen at most): its snapshot and every run holding
    /// it stay within the JSON reader's nesting limit (two JSON levels per containment, and the run around it), and
    /// reading, finding and drawing it fit a 2 MiB stack even in a debug build (Tests/NavVizFormatTests/DeepInputTests).
    public static let maxDepth = Hierarchy.maxDepth

    /// Reads a dump; `read` is the text's `dumpReading(_:)` when the caller has it (the text is then not read again).
    public static func parse(_ text: String, file: String, reading read: Reading? = nil) throws(PrintHierarchyError) -> PrintHierarchy {
        var controllers: [Controller] = []
        var lastAtDepth: [Int] = []
        var leftOut: [(className: String, line: Int)] = []
        var skippingWindow = false
        var otherWindows: [(className: String, line: Int)] = []
        // The number of the last line read as a controller's (or skipped as another window's).
        var previousLine = 0
        let (lines, prompts, aroundDump, unclosedFence) =
            read.map { ($0.lines, $0.prompts, $0.leftOut, $0.unclosedFence) } ?? reading(text)
        var leftOutLines = aroundDump
        let lastLine = lines.last(where: { !$0.text.allSatisfy(\.isWhitespace) })?.number ?? 0
        /// Leaves out a window whose root is on line `number`, with the lines below it: UIKit's own, or another of the
        /// app's (`other`).
        func skipWindow(_ className: String, at number: Int, other: Bool = false) {
            if other { otherWindows.append((className, number)) } else { leftOut.append((className, number)) }
            skippingWindow = true
            previousLine = number
        }
        for (number, raw) in lines {
            if raw.allSatisfy(\.isWhitespace) { continue }
            let line = Substring(raw).trimmingTrailingSpaces()
            if controllers.isEmpty, let error = debuggerError(line, line: number, file: file) { throw error }
            let depth: Int
            let isPresented: Bool
            var controller: Controller
            do throws(PrintHierarchyError) {
                let rest: Substring
                (depth, isPresented, rest) = try prefix(
                    of: line, file: file, line: number, isFirst: controllers.isEmpty && !skippingWindow)
                if skippingWindow, depth > 0 {
                    previousLine = number
                    continue
                }
                controller = try Self.controller(rest, file: file, line: number, isFirstLine: controllers.isEmpty)
            } catch {
                // Nothing read but UIKit's own window, and nothing of a dump from here on: what follows it is not the app's (a
                // review: a keyboard window's dump then `(lldb) c` read "expected a view controller line"). A line of the
                // app's that is wrong is said as it is (a second review: a cut one was called no app at all).
                if controllers.isEmpty, let window = leftOut.first,
                    !lines.contains(where: { $0.number >= number && mayBeDumpText($0.text) })
                {
                    throw .onlySystemWindow(file: file, line: window.line, className: window.className)
                }
                // Text after a whole line that begins none of its parts, shortened or not: lines joined into one, a note
                // added (a trial was told its paste was cut short).
                if case .malformed(let file, let errorLine, "the end of the line", let found) = error {
                    var start = Substring(found)
                    for ellipsis in ["...\"", "...", "…"] where start.hasSuffix(ellipsis) { start = start.dropLast(ellipsis.count) }
                    if !start.isEmpty,
                        !Self.lineParts.contains(where: { $0.hasPrefix(start) })
                    {
                        throw .textAfterLine(file: file, line: errorLine, found: found)
                    }
                }
                // A debugger prompt after the dump starts another command: its output is not the dump's.
                guard let last = controllers.last?.line,
                    let prompt = prompts.last(where: { $0.number > last && $0.number < number })?.number
                else {
                    // The last line stopped mid-way (what it ends with begins what should follow, or opens a `<…>` it
                    // does not close): a paste cut short.
                    if case .malformed(let file, let errorLine, let expected, let found) = error, number == lastLine,
                        found.isEmpty || Self.lineParts.contains(where: { $0.hasPrefix(found) })
                            // Cut inside a word that has one value (`state: dis`, `view: (view not`; a trial got no hint).
                            || (State.allCases.map(\.rawValue) + ["(view not loaded)"]).contains(where: {
                                $0.hasPrefix(found) && $0 != found
                            })
                            || (found.contains("<") && !found.contains(">"))
                            // Shortened by whatever printed it (`…, ...`: a trial's LLDB string was refused as malformed).
                            || found.hasSuffix("...") || found.hasSuffix("…") || found.hasSuffix("...\"")
                    {
                        throw .cutShort(file: file, line: errorLine, expected: expected, found: found)
                    }
                    // The last line cut right after its prefix (`   |    | `), below controllers: no controller yet (a trial got
                    // "expected a view controller line").
                    if case .notADump(let file, let errorLine, let found) = error, number == lastLine, !controllers.isEmpty,
                        found.allSatisfy({ " \t|+".contains($0) })
                    {
                        throw .cutShort(file: file, line: errorLine, expected: "a controller such as '<UIViewController 0x…>'", found: "")
                    }
                    // A controller alone, nothing before or after it: what `po` of a controller prints, not its dump (a
                    // trial's `po …rootViewController` was told the dump was shortened).
                    if case .missingState(let file, let errorLine, let found) = error, number == lastLine, controllers.isEmpty,
                        leftOut.isEmpty, otherWindows.isEmpty
                    {
                        throw .controllerDescription(file: file, line: errorLine, found: found)
                    }
                    // The last line cut right after its controller (`   | <X 0x…>`) below lines that have their state: cut, not
                    // shortened (a trial was told the dump was shortened).
                    if case .missingState(let file, let errorLine, _) = error, number == lastLine, !controllers.isEmpty {
                        throw .cutShort(file: file, line: errorLine, expected: "', state: '", found: "")
                    }
                    // A line above the last cut the same way, the dump's next line below it (a trial of real captures: a line
                    // a viewer shortened with '…', and every line cut at 100 columns, were called the dump's last line).
                    if case .malformed(let file, let errorLine, let expected, let found) = error,
                        found.hasSuffix("...") || found.hasSuffix("…") || (found.contains("<") && !found.contains(">"))
                    {
                        throw .cutLine(file: file, line: errorLine, expected: expected, found: found)
                    }
                    // Prose below a blank line after the dump, with no part of a dump in it or after it (an issue's "Any
                    // idea?" pasted with an unfenced dump): said as the text above a dump is (a trial got "expected a view
                    // controller line").
                    // Right below it too (XCTest's next line, a thank-you): no dump line starts with a letter.
                    // No dump line, however wrapped or quoted, starts so.
                    let startsAsText = line.first.map({ !$0.isWhitespace && !"|+<`\"".contains($0) }) == true
                    if let last = controllers.last, let previous = lines.last(where: { $0.number < number }),
                        previous.text.allSatisfy(\.isWhitespace) || line.first?.isLetter == true, startsAsText,
                        !lines.contains(where: {
                            $0.number >= number && (isPrompt($0.text) || isCommandBelow($0.text) || mayBeDumpText($0.text))
                        })
                    {
                        throw .textAfterDump(file: file, line: number, found: Capture.excerpt(line), dumpLine: last.line)
                    }
                    // Text after a dump, then another dump (an issue's "Before:" and "After:" code blocks: a trial was told
                    // "expected a view controller line" about the text between them).
                    if !controllers.isEmpty, startsAsText, let second = firstControllerLine(in: lines, after: number, topLevel: true) {
                        throw .dumpAfterText(file: file, line: second, text: number, found: Capture.excerpt(line))
                    }
                    throw error
                }
                // Unless a later command printed a dump again (`(lldb) c`, the process's output, then the same command):
                // the later dump is the one that matters, and keeping the first silently lost it (a trial).
                if let second = firstControllerLine(in: lines, after: prompt, topLevel: true),
                    let secondPrompt = prompts.last(where: { $0.number < second })?.number
                {
                    throw .twoDumps(file: file, line: second, prompt: secondPrompt)
                }
                // A bare prompt (the paste ended on it) has no command: what follows it is text (a trial's note named a command).
                let bare = prompts.first(where: { $0.number == prompt })?.command.isEmpty == true
                leftOutLines.append(
                    (
                        prompt...max(prompt, lastLine),
                        bare
                            ? (lastLine > prompt
                                ? "the debugger's empty prompt on line \(prompt) and the text after it" : "the debugger's empty prompt")
                            : prompts.filter({ (prompt...lastLine).contains($0.number) && !$0.command.isEmpty }).count > 1
                                ? "the debugger commands from line \(prompt) on and their output"
                                : "the debugger command on line \(prompt) and its output"
                    ))
                break
            }
            skippingWindow = false
            controller.depth = depth
            // UIKit's own window printed before the app's (a trial's keyboard window came first, and the app's window was
            // left out as another one): left out as it is after; not a generic name, as the app's root could be named like
            // one (`UIHostingController<InputFormView>`, a review).
            if controllers.isEmpty, depth == 0, !isPresented, !controller.className.contains("<"),
                Self.isSystemWindowRoot(controller.className)
            {
                skipWindow(controller.className, at: number)
                continue
            }
            if controllers.isEmpty {
                controller.link = isPresented ? .presented : .root
                if isPresented, controller.presentationControllerClass != nil {
                    throw .fragment(file: file, line: number)
                }
            } else {
                if depth == 0 {
                    // Another dump after a prompt line (or on it, the command glued to the dump); else another window's root:
                    // UIKit's own is left out.
                    if let prompt = prompts.last(where: { $0.number > controllers[0].line && $0.number <= number })?.number {
                        throw .twoDumps(file: file, line: number, prompt: prompt)
                    }
                    if Self.isSystemWindowRoot(controller.className) {
                        skipWindow(controller.className, at: number)
                        continue
                    }
                }
                guard depth > 0 else {
                    // The same class on top again: the same dump pasted twice, more likely than a window of its own;
                    // unless it is right below the first window's lines at another address (an iPad's two scenes, both a
                    // split view controller; a mini player's window over the app's navigation controller: a trial).
                    let elsewhere =
                        previousLine == number - 1 && controller.address != nil && controllers[0].address != nil
                        && controller.address != controllers[0].address
                    if controller.className == controllers[0].className, !elsewhere {
                        throw .repeatedRoot(file: file, line: number, first: controllers[0].line)
                    }
                    // Right below the window before it, in the same output: another window of the app (a toast's, a
                    // passcode screen's, a debugging tool's), which `[UIViewController _printHierarchy]` prints after the
                    // app's own (a trial's toast window refused the capture; what LLDB's command posts cannot be edited,
                    // whatever the window holds). Left out with a note that names it, in case it is a second dump pasted
                    // right after the first; apart from it (a blank line, a fence), a second dump: refused.
                    if previousLine == number - 1 {
                        skipWindow(controller.className, at: number, other: true)
                        continue
                    }
                    throw .secondRoot(file: file, line: number, first: controllers[0].line)
                }
                guard depth <= lastAtDepth.count else {
                    throw .skippedLevel(file: file, line: number, depth: depth, previous: controllers.last!.depth)
                }
                // Depth 0 is the first level: a dump of 101 levels was imported as a scenario that `run` then refused (a review).
                guard depth < Self.maxDepth else { throw .tooDeep(file: file, line: number, limit: Self.maxDepth) }
                let parent = lastAtDepth[depth - 1]
                controller.parent = parent
                controller.link = isPresented ? .presented : .child
                if isPresented, let owner = controllers[parent].presented {
                    throw .secondPresentation(file: file, line: number, owner: controllers[owner].line)
                }
            }
            let index = controllers.count
            if let parent = controller.parent {
                if controller.link == .presented {
                    controllers[parent].presented = index
                } else {
                    controllers[parent].children.append(index)
                }
            }
            controllers.append(controller)
            previousLine = number
            lastAtDepth = Array(lastAtDepth.prefix(depth)) + [index]
        }
        guard !controllers.isEmpty else {
            if let window = leftOut.first { throw .onlySystemWindow(file: file, line: window.line, className: window.className) }
            throw .empty(file: file)
        }
        // Commands typed after the dump that printed nothing (`(lldb) border …`) are left out with a note too.
        let lastRead = controllers.last!.line
        let commandsAfter = prompts.filter { !$0.command.isEmpty && $0.number > lastRead }.map(\.number).filter { number in
            !leftOutLines.contains { $0.lines.contains(number) }
        }
        if let first = commandsAfter.first, let last = commandsAfter.last {
            leftOutLines.append(
                (first...last, commandsAfter.count == 1 ? "a debugger command after the dump" : "debugger commands after the dump"))
        }
        var result = PrintHierarchy(controllers: controllers, leftOutWindows: leftOut, leftOutLines: leftOutLines)
        result.otherWindows = otherWindows
        result.unclosedFence = unclosedFence
        if let prompt = prompts.last(where: { !$0.command.isEmpty && $0.number < controllers[0].line }),
            let receiver = receiver(of: prompt.command)
        {
            result.printedFrom = (prompt.number, receiver)
        }
        return result
    }

    /// What a command prints the hierarchy from: `X` of `[X _printHierarchy]` or of `X.value(forKey:
    /// "_printHierarchy")`; nil for a command that names none (`pvc`).
    static func receiver(of command: Substring) -> String? {
        guard let method = command.firstRange(of: "_printHierarchy") else { return nil }
        let before = command[..<method.lowerBound]
        if before.hasSuffix(" ") {
            // `[X _printHierarchy]`: back to the bracket that opens the message.
            var depth = 0
            var index = before.index(before: before.endIndex)
            while index > before.startIndex {
                index = before.index(before: index)
                switch before[index] {
                case "]": depth += 1
                case "[" where depth == 0: return String(before[before.index(after: index)...].dropLast())
                case "[": depth -= 1
                default: break
                }
            }
            return nil
        }
        guard let value = before.ranges(of: ".value(forKey:").last else { return nil }
        let expression = before[..<value.lowerBound]
        let start = expression.ranges(of: " -- ").last?.upperBound ?? expression.firstIndex(of: " ").map { expression.index(after: $0) }
        return start.map { String(expression[$0...].drop { $0 == " " }) }
    }

    /// Whether a receiver prints the whole hierarchy: the class (every window's root) or a window's root.
    static func printsEverything(_ receiver: String) -> Bool {
        // The class however it is named: `[UIViewController class]`, `(id)NSClassFromString(@"UIViewController")`,
        // `UIViewController.self` (a review: each was noted as a subtree).
        var name = Substring(receiver).drop { $0 == " " }
        for cast in ["(id)", "(Class)"] where name.hasPrefix(cast) { name = name.dropFirst(cast.count).drop { $0 == " " } }
        if name.hasPrefix("["), name.hasSuffix(" class]") { name = name.dropFirst().dropLast(" class]".count) }
        if name.hasSuffix(".self") { name = name.dropLast(".self".count) }
        if name.hasPrefix("NSClassFromString(") {
            name = Substring(name.filter { $0 != "@" && $0 != "\"" }.dropFirst("NSClassFromString(".count).prefix { $0 != ")" })
        }
        return name == "UIViewController" || receiver.containsBytes("rootViewController")
    }

    /// The command after a debugger's prompt (LLDB's `(lldb) …`, cycript's `cy# …`), trimmed (empty for a bare
    /// prompt); nil when the line is no prompt. Indented prompts count (a console session pasted as a Markdown code
    /// block), and `lldb)`, a prompt whose parenthesis a copy left behind.
    static func promptCommand(_ line: Substring) -> Substring? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("(lldb)") || trimmed.hasPrefix("lldb)") || trimmed.hasPrefix("cy#") else { return nil }
        var command = trimmed.drop { $0 != ")" && $0 != "#" }.dropFirst().drop(while: \.isWhitespace)
        while command.last?.isWhitespace == true { command = command.dropLast() }
        return command
    }

    /// Whether a line is a debugger's prompt, with or without a command after it.
    static func isPrompt(_ line: Substring) -> Bool { promptCommand(line) != nil }

    /// Whether a prompt line runs the command that prints the hierarchy (`po … _printHierarchy`, chisel's `pvc`).
    static func isHierarchyCommand(_ line: Substring) -> Bool {
        guard let command = promptCommand(line) else { return false }
        return line.containsBytes("_printHierarchy") || command == "pvc" || command.hasPrefix("pvc ")
    }

    /// The text without the comment or quote marker every written line starts with (`///`, `//`, `#`, `>`: a
    /// dump pasted from a doc comment, a script or a quoted reply), and the one space after it; or without the `/*` and
    /// `*/` of a block comment around it (and the `*` that starts each line between them, when each does).
    static func withoutCommentMarkers(_ body: Substring) -> Substring {
        let original = splitLines(body)
        let lines = withoutBlockComment(original)
        var result = withoutLineMarkers(lines, body: lines == original ? body : Substring(lines.joined(separator: "\n")))
        // A reply quoting a reply (`> > `): each level's marker goes (a trial's was refused at its first line).
        for _ in 0..<8 {
            let quoted = splitLines(result)
            guard quoted.first(where: { !$0.allSatisfy(\.isWhitespace) })?.drop(while: \.isWhitespace).first == ">" else { break }
            let next = withoutLineMarkers(quoted, body: result)
            if next == result { break }
            result = next
        }
        return result
    }

    /// `lines` without the markers of a block comment the first written line opens and the last closes (a dump kept in
    /// a source file's comment: a trial's was refused for its indentation); the same lines otherwise.
    static func withoutBlockComment(_ lines: [Substring]) -> [Substring] {
        guard let first = lines.firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }),
            let last = lines.lastIndex(where: { !$0.allSatisfy(\.isWhitespace) }), first < last,
            lines[first].drop(while: \.isWhitespace).hasPrefix("/*"),
            let closing = lines[last].lastIndex(where: { !$0.isWhitespace }), lines[last][...closing].hasSuffix("*/")
        else { return lines }
        var result = lines
        result[last] = Substring(result[last][..<result[last].index(before: closing)] + result[last][result[last].index(after: closing)...])
        // A line-start `*` on every line after the first (` * …`, as editors write a block comment; the last too when the
        // dump's last line closes the comment), made a space: the lines keep their columns (a review: deleted, the `|` of
        // a dump that starts on the `/*` line no longer lined up).
        let rest = (first + 1)...last
        let starred = rest.filter { !result[$0].allSatisfy(\.isWhitespace) }
        let stars = !starred.isEmpty && starred.allSatisfy({ result[$0].drop(while: \.isWhitespace).first == "*" })
        if stars {
            for index in starred {
                var line = result[index]
                let star = line.firstIndex(of: "*")!
                line.replaceSubrange(star...star, with: " ")
                result[index] = line
            }
        }
        let opening = result[first].firstIndex { !$0.isWhitespace }!
        let afterOpening = result[first][result[first].index(opening, offsetBy: 2)...]
        if afterOpening.allSatisfy({ $0 == "*" || $0.isWhitespace }) {
            // `/*` or `/**` alone on its line: none of it text.
            result[first] = ""
        } else if stars {
            // The dump's first line after `/*`, the starred lines below it in its columns.
            result[first] = Substring(result[first][..<opening] + "  " + afterOpening)
        } else {
            // The dump's first line after `/*`, plain lines below it as UIKit printed them: the marker and its spaces go.
            result[first] = Substring(result[first][..<opening] + afterOpening.drop(while: \.isWhitespace))
        }
        return result
    }

    /// `body`, whose lines are `lines`, without the line comment or quote marker every written line starts with.
    private static func withoutLineMarkers(_ lines: [Substring], body: Substring) -> Substring {
        let written = lines.map { $0.drop(while: \.isWhitespace) }.filter { !$0.isEmpty }
        guard let first = written.first, let marker = lineMarkers.first(where: { first.hasPrefix($0) }) else {
            return withoutMarkedBlock(lines) ?? body
        }
        // The dump's lines marked otherwise (a `// Copyright` header above a `///` doc comment: `//` came off every line, and
        // left `/ <…>`, a review): their block alone.
        let dumpMarker = written.lazy.compactMap { line in
            lineMarkers.first { line.hasPrefix($0) && mayBeDumpText(unmarked(line, $0)) }
        }.first
        if let dumpMarker, dumpMarker != marker { return withoutMarkedBlock(lines) ?? body }
        // Every line, or every line above unmarked ones (a quoted reply, then the answer below it: a trial's was refused at
        // its first line); those stay as they are, read or left out as any text below a dump.
        let marked = written.prefix { $0.hasPrefix(marker) }.count
        guard marked == written.count || (marked >= 2 && !written[marked...].contains { $0.hasPrefix(marker) }) else {
            return withoutMarkedBlock(lines) ?? body
        }
        return Substring(lines.map { unmarked($0, marker) }.joined(separator: "\n"))
    }

    /// The comment and quote markers a dump's lines may start with, the longer before the one it starts with.
    private static let lineMarkers = ["///", "//", "#", ">"]

    /// `line` without `marker` and the one space after it, when it starts so (after its indentation).
    private static func unmarked(_ line: Substring, _ marker: String) -> Substring {
        let trimmed = line.drop(while: \.isWhitespace)
        guard trimmed.hasPrefix(marker) else { return line }
        let rest = trimmed.dropFirst(marker.count)
        return rest.first == " " ? rest.dropFirst() : rest
    }

    /// The text with the markers taken off the one block of marked lines the dump is in, when text without them is
    /// around it (a doc comment's dump with its declaration and the code below, `On Tue, Ann wrote:` above a quoted
    /// dump: a trial's were refused at line 1, and left out of a folder without a word). The lines around it stay, read
    /// or left out as any text around a dump (other comments too). Nil when no marked block holds a dump's pieces, or
    /// when another does.
    private static func withoutMarkedBlock(_ lines: [Substring]) -> Substring? {
        for marker in lineMarkers {
            // A `>` that starts a line right below a controller line left open is the end of its `<…` a terminal's hard fold
            // moved there (`… <UIView 0x…` then `> not in the window, presented with: …`), not a quote (a trial's fold was
            // read as one, and its `> ` went).
            func isMarked(_ index: Int) -> Bool {
                let line = lines[index]
                guard line.drop(while: \.isWhitespace).hasPrefix(marker) else { return false }
                return
                    !(marker == ">" && index > 0 && line.first == ">" && afterPrefix(lines[index - 1]).first == "<"
                    && isOpen(lines[index - 1]))
            }
            guard let dump = lines.indices.first(where: { isMarked($0) && mayBeDumpText(unmarked(lines[$0], marker)) }) else { continue }
            var start = dump
            while start > 0, isMarked(start - 1) { start -= 1 }
            var end = dump
            while end + 1 < lines.count, isMarked(end + 1) { end += 1 }
            // Another block with a dump's pieces is a second dump, refused as one; other comments are text.
            func holdsDump(_ index: Int) -> Bool { isMarked(index) && mayBeDumpText(unmarked(lines[index], marker)) }
            guard end > start, !(0..<start).contains(where: holdsDump), !((end + 1)..<lines.count).contains(where: holdsDump) else {
                return nil
            }
            return Substring(lines.indices.map { start...end ~= $0 ? unmarked(lines[$0], marker) : lines[$0] }.joined(separator: "\n"))
        }
        return nil
    }

    /// The lines of a dump, numbered as in the file, as they come from a paste: without a byte-order mark, one
    /// pair of surrounding backticks (cycript), the quotes and escapes of a Swift string (`po` of
    /// `value(forKey: "_printHierarchy")`), LLDB's and cycript's prompt lines (`(lldb) po …`, `cy# …`), the
    /// command that printed the dump, an `NSLog` header (`2024-05-01 10:22:33.123456+0200 App[12:34] `) and an
    /// indentation every line shares (a Markdown code block); lines wrapped after a comma are joined. Lines
    /// end at `\n`, `\r\n` or `\r`.
    static func lines(of text: String) -> [(number: Int, text: Substring)] { reading(text).lines }

    /// Where a dump indented as a Markdown code block starts (its first line's index), and that indentation: four spaces or
    /// a tab before the `<` of the first line that opens a dump.
    static func indentedCodeBlock(in lines: [(number: Int, text: Substring)]) -> (start: Int, indentation: Substring)? {
        guard let start = lines.firstIndex(where: { opensDump($0.text) }) else { return nil }
        let indentation = lines[start].text.prefix { $0 == " " || $0 == "\t" }
        guard indentation.contains("\t") || indentation.count >= 4, lines[start].text.dropFirst(indentation.count).first == "<"
        else { return nil }
        return (start, indentation)
    }

    /// Whether a line is a debugger's: a prompt, or an error it printed.
    static func isConsoleLine(_ line: (number: Int, text: Substring)) -> Bool {
        isPrompt(line.text) || line.text.drop(while: \.isWhitespace).hasPrefix("error:")
    }

    /// The text without HTML's code block tags (`<pre>`, `<code class="…">`, `</code>`, `</pre>`).
    static func withoutCodeBlockTags(_ text: Substring) -> Substring {
        var result = ""
        var rest = text
        while let open = rest.firstIndex(of: "<") {
            result += rest[..<open]
            let tag = rest[rest.index(after: open)...]
            let name = tag.drop { $0 == "/" }.prefix { $0.isLetter }
            if name == "pre" || name == "code", let close = tag.firstIndex(of: ">"),
                let after = tag.drop(while: { $0 == "/" }).dropFirst(name.count).first, after == ">" || after == " "
            {
                rest = tag[tag.index(after: close)...]
            } else {
                result.append("<")
                rest = tag
            }
        }
        return Substring(result + rest)
    }

    /// The text without terminal escape sequences: CSI (`ESC [` parameters, then a final byte: colours, modes), OSC (`ESC ]`
    /// up to BEL or `ESC \`: window titles) and the others (`ESC`, intermediates, a final byte: `ESC ( B`).
    static func withoutTerminalEscapes(_ text: Substring) -> String {
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}", let kind = scalars.first else {
                out.append(scalar)
                continue
            }
            scalars.removeFirst()
            switch kind {
            case "[":
                // Parameters and intermediates (0x20–0x3F), then the final byte (0x40–0x7E).
                while let next = scalars.first, (0x20...0x3F).contains(next.value) { scalars.removeFirst() }
                if let final = scalars.first, (0x40...0x7E).contains(final.value) { scalars.removeFirst() }
            case "]":
                while let next = scalars.popFirst() {
                    if next == "\u{07}" { break }
                    if next == "\u{1B}", scalars.first == "\\" {
                        scalars.removeFirst()
                        break
                    }
                }
            default:
                // `ESC`, intermediates (0x20–0x2F), then a final byte: `ESC ( B` that `tput sgr0` prints, `ESC =`, `ESC 7`.
                var next: Unicode.Scalar? = kind
                while let current = next, (0x20...0x2F).contains(current.value) { next = scalars.popFirst() }
            }
        }
        return String(out)
    }

    /// HTML's entities for what a dump holds (`&lt;`, `&gt;`, `&amp;`, quotes, `&nbsp;`) as their characters.
    static func withoutEntities(_ text: Substring) -> String {
        let entities: [(String, Character)] = [
            ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&nbsp;", " "),
        ]
        var result = ""
        var rest = text
        while let first = rest.first {
            if first == "&", let (entity, character) = entities.first(where: { rest.hasPrefix($0.0) }) {
                result.append(character)
                rest = rest.dropFirst(entity.count)
            } else {
                result.append(first)
                rest = rest.dropFirst()
            }
        }
        return result
    }

    /// The lines of a dump (`lines(of:)`), the numbers of the lines that are a debugger's prompt (`(lldb) …`,
    /// `cy# …`), and the lines around the dump that are left out, with why: a console session's before the command
    /// that printed the dump (another command's output), text above the code block the dump is in, text after a
    /// quoted dump.
    static func reading(_ text: String) -> (
        lines: [(number: Int, text: Substring)], prompts: [(number: Int, command: Substring)],
        leftOut: [(lines: ClosedRange<Int>, why: String)], unclosedFence: Int?
    ) {
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        // No-break spaces are spaces: a copy from a web page, a wiki or a chat's code block has them in the indentation
        // (a trial: refused with an error quoting a line that looked right).
        let noBreakSpaces: Set<Character> = ["\u{00A0}", "\u{202F}", "\u{2007}"]
        if body.contains(where: noBreakSpaces.contains) {
            body = Substring(String(body.map { noBreakSpaces.contains($0) ? " " : $0 }))
        }
        // A terminal's escape sequences in a saved session (`script`, a terminal's log: colours, `ESC[?2004h` before a
        // prompt) are not text: a trial's dump followed by `ESC[?2004h(lldb) ` was refused at that line.
        if body.utf8.contains(0x1B) { body = Substring(withoutTerminalEscapes(body)) }
        // Invisible characters a web page, a chat or a terminal puts in a copy are nothing: UIKit prints none, and one after a
        // class name made `UITabBarController` another class, drawn plain (a captures trial). Format characters (zero-width
        // spaces and joiners, soft hyphens, direction marks) and control characters but tabs and line breaks (`tput sgr0`'s
        // shift-in under screen) go.
        func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: false
            case 0x00...0x1F, 0x7F: true
            default: scalar.value >= 0xAD && scalar.properties.generalCategory == .format
            }
        }
        if body.unicodeScalars.contains(where: isInvisible) {
            body = Substring(String(String.UnicodeScalarView(body.unicodeScalars.filter { !isInvisible($0) })))
        }
        // A dump copied from a page's HTML source: every `<` an entity, none left as it is but the tags of the page's code
        // block (a trial's `&lt;…&gt;` paste; another's came with `<pre><code>` glued to its first line).
        if body.containsBytes("&lt;"), body.containsBytes(", state: ") {
            let untagged = withoutCodeBlockTags(body)
            if !untagged.contains("<") { body = Substring(withoutEntities(untagged)) }
        }
        body = withoutCommentMarkers(body)
        let prompts = splitLines(body).enumerated().compactMap { index, line in
            promptCommand(line).map { (number: index + 1, command: $0) }
        }
        var leftOut: [(lines: ClosedRange<Int>, why: String)] = []
        // A test runner's lines around what a test printed (XCTest's `Test Case '…' started.`, Swift Testing's `✔ Test …`):
        // left out, numbered as they were (a trial's dump printed from a unit test was refused).
        let runner = splitLines(body).enumerated().filter { isTestRunnerLine($0.element) && !mayBeDumpText($0.element) }.map(\.offset)
        if !runner.isEmpty {
            var runs: [ClosedRange<Int>] = []
            for index in runner {
                if let last = runs.last, last.upperBound == index {
                    runs[runs.count - 1] = last.lowerBound...index + 1
                } else {
                    runs.append(index + 1...index + 1)
                }
            }
            leftOut += runs.map { ($0, "the test runner's output") }
            let skipped = Set(runner)
            body = blanking(body) { skipped.contains($0) }
        }
        // Text above the code fence that opens the dump (a heading, a slide's markup: a trial's `### pvc` was refused
        // although the fence says where the dump starts) is left out, numbered as it was.
        if let (above, fence) = textAboveFence(splitLines(body)) {
            leftOut.append((above, "the text above the code block the dump is in (its fence is on line \(fence))"))
            body = blanking(body) { $0 < fence - 1 }
        }
        // Text below the fence that closes it (an issue's "Any idea?", a note's next paragraph), as above: a trial's was
        // refused as a line of the dump.
        if let (below, fence) = textBelowFence(splitLines(body)) {
            leftOut.append((below, "the text below the code block the dump is in (its closing fence is on line \(fence))"))
            body = blanking(body) { $0 >= fence }
        }
        // A Markdown code fence (a dump pasted from an issue or a chat): its lines go, the numbering stays. A fence glued
        // to the dump's first or last line goes too (a page's Markdown source, ```` ```<UINavigationController …> ````: a
        // trial of new real captures was told its dump was a fragment).
        // Anywhere a fence line is (below a heading, a prompt or a command: a review's fence was read as a dump line).
        var unclosedFence: Int?
        let split = splitLines(body)
        if body.drop(while: \.isWhitespace).hasPrefix("```") || body.drop(while: \.isWhitespace).hasPrefix("~~~")
            || split.contains(where: isFence)
        {
            // A block opened and never closed, with the dump in it, ends where the paste does: maybe cut short (a trial's doc
            // comment lost its last tab's line and its closing fence, unsaid).
            let fences = split.indices.filter { isFence(split[$0]) }
            if fences.count % 2 == 1, let last = fences.last, !split.contains(where: { opensGlued($0) || closesGlued($0) }),
                split[(last + 1)...].contains(where: mayBeDumpText)
            {
                unclosedFence = last + 1
            }
            body = Substring(split.map { isFence($0) ? "" : withoutGluedFence($0) }.joined(separator: "\n"))
        }
        // (Only when no line before the last closes them: then what follows the dump is read as such, below.)
        if let start = body.firstIndex(where: { !$0.isWhitespace }), let end = body.lastIndex(where: { !$0.isWhitespace }), start < end,
            body[start] == "`", body[end] == "`",
            !splitLines(body[start..<end]).dropLast().contains(where: { $0.last(where: { !$0.isWhitespace }) == "`" })
        {
            // Drop the two backticks only: the line numbering stays.
            body = Substring(
                String(body[..<start]) + String(body[body.index(after: start)..<end]) + String(body[body.index(after: end)...]))
        }
        var lines = splitLines(body).enumerated().map { (number: $0.offset + 1, text: $0.element) }
        // The command glued to the dump's first line (`po [[[UIWindow keyWindow] rootViewController] _printHierarchy]<MMUI…
        // 0x…>, state: …`: a page that lost the line break after it): the command, then the dump's line, both numbered as
        // the line (a trial of real captures was told line 4 held no controller line, or that the dump was a fragment).
        // Every such line: a second one is a second dump, refused as one (a review: it was read as a prompt, its dump's root
        // left out and the rest hung below the first dump).
        if lines.contains(where: { $0.text.containsBytes("_printHierarchy") }) {
            lines = lines.flatMap { line -> [(number: Int, text: Substring)] in
                guard let end = gluedCommandEnd(line.text) else { return [line] }
                return [(line.number, line.text[..<end]), (line.number, line.text[end...])]
            }
        }
        func isBlank(_ line: (number: Int, text: Substring)) -> Bool { line.text.allSatisfy(\.isWhitespace) }
        // A Swift multi-line string literal the dump is in (a test's expected snapshot: `let expected = """`, the dump,
        // `"""`): its lines without the closing delimiter's indentation, as Swift reads them, and the code around it left
        // out. A trial's test pasted whole was told its dump was a fragment.
        if let start = lines.firstIndex(where: { opensDump($0.text) }),
            let open = lines[..<start].lastIndex(where: { $0.text.reversed().drop(while: \.isWhitespace).starts(with: "\"\"\"") }),
            lines[(open + 1)..<start].allSatisfy(isBlank),
            let close = lines[start...].firstIndex(where: { $0.text.drop(while: \.isWhitespace).hasPrefix("\"\"\"") })
        {
            // The closing delimiter alone is no code to speak of.
            let before = lines[...open].filter { !isBlank($0) }
            leftOut.append((before[0].number...before[before.count - 1].number, "the Swift code before the string literal the dump is in"))
            let indentation = lines[close].text.prefix { $0 == " " || $0 == "\t" }
            func unindented(_ line: (number: Int, text: Substring)) -> (number: Int, text: Substring) {
                (number: line.number, text: line.text.hasPrefix(indentation) ? line.text.dropFirst(indentation.count) : line.text)
            }
            // A second literal with a dump of its own is a second dump, refused as one, after the code between them (a
            // review: it was left out as code, then refused for its indentation).
            if lines[close...].dropFirst().contains(where: { mayBeDumpText($0.text) }) {
                lines = (lines[(open + 1)..<close] + lines[(close + 1)...]).map(unindented)
            } else {
                let after = lines[close...].filter { !isBlank($0) && String($0.text.filter { !$0.isWhitespace }) != "\"\"\"" }
                if let first = after.first, let last = after.last {
                    leftOut.append((first.number...last.number, "the Swift code after the string literal the dump is in"))
                }
                lines = lines[(open + 1)..<close].map(unindented)
            }
        }
        // Text above a dump indented as a Markdown code block (four spaces or a tab before its first line: a Stack Overflow
        // question's "I get this output:", then the dump), none of it a part of a dump, a prompt or a command: left out (a
        // trial's was told its dump was a fragment).
        if let (start, indentation) = indentedCodeBlock(in: lines),
            case let above = lines[..<start].filter({ !isBlank($0) }), let first = above.first, let last = above.last,
            !above.contains(where: {
                $0.text.hasPrefix(indentation) || mayBeDumpText($0.text) || isPrompt($0.text) || isCommand($0.text)
                    || isHierarchyCommand($0.text)
            })
        {
            leftOut.append((first.number...last.number, "the text above the indented code block the dump is in"))
            lines.removeSubrange(..<start)
        }
        // A console session: what the debugger printed before the command that printed the dump is another command's.
        // Not when a dump is among them: two dumps in one file are refused, whichever has its command. The command without
        // a prompt (cycript's, pasted with a heading above it: a trial's was read as the dump's first line) is the last
        // line naming `_printHierarchy` above the dump.
        // The last such command before the dump: an error and the retry that printed it (Swift's `po` failing, then `expr -l
        // objc …`) read as the retry's output (a review: refused, telling the user to do what the paste showed done).
        // Only past the debugger's error: before another command's dump (a quoted one, cycript's), it is a second dump.
        // A dump before the retry is a second dump, refused as one (a review: it was left out as console output).
        let firstController = lines.firstIndex(where: { opensDump($0.text) })
        let retry = firstController.flatMap { first in lines[..<first].lastIndex(where: { isHierarchyCommand($0.text) }) }
        let prompted =
            retry.flatMap { retry in lines[..<retry].contains { $0.text.drop(while: \.isWhitespace).hasPrefix("error:") } ? retry : nil }
            ?? lines.firstIndex(where: { isHierarchyCommand($0.text) })
        let bare = prompted == nil ? bareCommand(in: lines) : nil
        let typed = prompted ?? (bare == nil ? promptAbove(firstController, in: lines) : nil)
        if let command = typed ?? bare,
            lines[..<command].contains(where: {
                !$0.text.allSatisfy(\.isWhitespace) && !isPrompt($0.text) && !$0.text.hasPrefix("warning: ")
            }),
            !lines[..<command].contains(where: { isControllerLine($0.text) }),
            let first = lines[..<command].first(where: { !$0.text.allSatisfy(\.isWhitespace) })
        {
            let what = Capture.excerpt(lines[command].text.drop(while: \.isWhitespace))
            leftOut.append(
                (
                    first.number...lines[command].number - 1,
                    "the \(typed == nil || !lines[..<command].contains(where: isConsoleLine) ? "text" : "console output") "
                        + "before the command on line \(lines[command].number) that printed the dump ('\(what)')"
                ))
            lines.removeSubrange(..<command)
        }
        // A writer's words between the command at its prompt and the dump it printed (a cheat sheet's `(lldb) pvc`, "The
        // current UIViewController that you want to hide…", then the dump: a trial of real captures was told to remove the
        // prompt too): left out, when they are a line or three of prose, none of it a dump's, a command's or a wrapper's.
        // The command is the last before the dump (one typed after it, `(lldb) pvc` again, is another's: a review), and the
        // debugger's warnings between are its own, left out below.
        if let start = lines.firstIndex(where: { opensDump($0.text) && $0.text.drop(while: \.isWhitespace).first == "<" }),
            let command = lines[..<start].lastIndex(where: { isHierarchyCommand($0.text) }),
            case let words = lines[(command + 1)..<start].filter({ !isBlank($0) && !$0.text.hasPrefix("warning: ") }),
            let first = words.first, let last = words.last,
            words.count <= 3, words.allSatisfy({ isProse($0.text) })
        {
            leftOut.append(
                (first.number...last.number, "the text between the command on line \(lines[command].number) and the dump it printed"))
            let skipped = Set(words.map(\.number))
            lines.removeAll { skipped.contains($0.number) }
        }
        // Prompt lines, and the debugger's warnings about the target (LLDB prints them before the output).
        lines = lines.filter { !isPrompt($0.text) && !$0.text.hasPrefix("warning: ") }
        // The command that printed the dump, when a dump follows it (alone, it is what the reader reports); before what
        // wraps the output (cycript's backticks after its bare command read as a fragment: a review).
        if let first = lines.firstIndex(where: { !$0.text.allSatisfy(\.isWhitespace) }), isCommand(lines[first].text),
            lines[(first + 1)...].contains(where: { !$0.text.allSatisfy(\.isWhitespace) })
        {
            lines.remove(at: first)
        }
        // Swift's `po` of an `Any?` (`value(forKey: "_printHierarchy")` through `?.`): `▿ Optional<Any>`, then the
        // dump's first line after `  - some : `. Of `perform(Selector(("_printHierarchy")))`, an `Unmanaged<AnyObject>!`:
        // `▿ some : Unmanaged<AnyObject>` between them, and the first line after `    - _value : ` (a trial: "a fragment").
        func nextText(after index: Int) -> Int? { lines[(index + 1)...].firstIndex { !$0.text.allSatisfy(\.isWhitespace) } }
        if let wrapper = lines.firstIndex(where: { isOptionalHeader($0.text) }), var value = nextText(after: wrapper) {
            var headers = [wrapper]
            if lines[value].text.drop(while: \.isWhitespace).hasPrefix("▿ some : Unmanaged<"), let inner = nextText(after: value) {
                headers.append(value)
                value = inner
            }
            let text = lines[value].text.drop(while: \.isWhitespace)
            if let prefix = ["- some : ", "- _value : "].first(where: { text.hasPrefix($0) }),
                (prefix == "- some : ") == (headers.count == 1)
            {
                lines[value].text = text.dropFirst(prefix.count)
                for header in headers.reversed() { lines.remove(at: header) }
            }
        }
        // Swift's `print` of the same `Any?`: `Optional(` before the dump's first line, `)` after its last (or around a
        // quoted string, read below).
        if let first = lines.firstIndex(where: { !$0.text.allSatisfy(\.isWhitespace) }),
            let last = lines.lastIndex(where: { !$0.text.allSatisfy(\.isWhitespace) }),
            lines[first].text.drop(while: \.isWhitespace).hasPrefix("Optional("),
            lines[last].text.last(where: { !$0.isWhitespace }) == ")"
        {
            var closing = lines[last].text
            while closing.last?.isWhitespace == true { closing = closing.dropLast() }
            lines[last].text = closing.dropLast()
            lines[first].text = lines[first].text.drop(while: \.isWhitespace).dropFirst("Optional(".count)
        }
        // Backticks around the output of a command on the line before (cycript: `cy# …` then `` `<…> … ` ``), up to the line
        // that closes them: what follows (cycript's next command and its output, a second dump) is read as it would be
        // after an unquoted dump (a trial of real captures: a later command made the whole dump "a fragment").
        if let first = lines.firstIndex(where: { !$0.text.allSatisfy(\.isWhitespace) }),
            lines[first].text.drop(while: \.isWhitespace).first == "`",
            let last = lines[first...].firstIndex(where: { line in
                line.text.last(where: { !$0.isWhitespace }) == "`"
                    && (line.number > lines[first].number || line.text.filter({ $0 == "`" }).count >= 2)
            })
        {
            let open = lines[first].text.firstIndex(of: "`")!
            lines[first].text.remove(at: open)
            let close = lines[last].text.lastIndex(of: "`")!
            lines[last].text.remove(at: close)
        }
        // A Swift string literal on one line of code, the only line with a dump's pieces (a test's `let string = "<…>, state:
        // …"`, with `\n` between the dump's lines): the literal alone, read as `po` prints a string below, and the code
        // around it left out (a trial's real test was refused at its `@Test`, and skipped without a word in a folder).
        if prompts.isEmpty, let (index, text) = literalInCode(lines) {
            let code = lines.filter { !isBlank($0) }.map(\.number)
            let number = lines[index].number
            leftOut.append(
                (
                    code.min()!...code.max()!,
                    "the text around the string literal the dump is in" + (code.count > 1 ? " (on line \(number))" : "")
                ))
            lines = splitLines(Substring(text)).map { (number: number, text: $0) }
        }
        // A Swift string as `po` prints it, alone on its line: its lines, each numbered as that line of the file. The closing
        // quote ends the dump: text after it with no dump in it (cycript's next commands and their output, a blog's "Happy
        // debugging!") is left out with a note; a dump after it is read, and refused as a second one.
        if let (number, literal) = leadingLiteral(in: lines), literal.count >= 2, literal.first == "\"", literal.last == "\"",
            let unquoted = unescapedSwiftString(literal), let index = lines.firstIndex(where: { $0.number == number })
        {
            var after = lines[(index + 1)...]
            // A debugger command after it is named as one below, with its output (two notes overlapped, a review); a bare
            // prompt (`(lldb) ` the paste ended on) is no text (it got a note, a second review).
            let numbers = after.filter { !$0.text.allSatisfy(\.isWhitespace) }.map(\.number)
            if let first = numbers.min(), let last = numbers.max(), !after.contains(where: { mayBeDumpText($0.text) }),
                !prompts.contains(where: { $0.number > number && !$0.command.isEmpty })
            {
                leftOut.append((first...last, "the text after the quoted dump (its closing quote is on line \(number))"))
                after = []
            }
            lines = splitLines(Substring(unquoted)).map { (number: number, text: $0) } + after
        }
        // The inside of such a string copied without its quotes (`\n` between the dump's lines): its lines, each numbered as
        // the line (a trial was told the dump's last line ended early).
        lines = lines.flatMap { line -> [(number: Int, text: Substring)] in
            guard line.text.containsBytes("\\n   | <") || line.text.containsBytes("\\n   + <"), mayBeDumpText(line.text),
                let unquoted = unescapedSwiftString("\"" + line.text + "\"")
            else { return [line] }
            return splitLines(Substring(unquoted)).map { (number: line.number, text: $0) }
        }
        lines = joiningWrappedLines(lines.map { (number: $0.number, text: withoutLogHeader($0.text)) })
        // Text below a dump indented as a Markdown code block, from the first line without its indentation, as long as none of
        // it may be a dump's: left out, as the text above it. Once wrapped lines are joined: a last line wrapped onto the
        // margin (`… not in the` then `window`) is the dump's, not text below it (a review).
        if let (start, indentation) = indentedCodeBlock(in: lines),
            let end = lines[start...].firstIndex(where: { !isBlank($0) && !$0.text.hasPrefix(indentation) }),
            case let below = lines[end...].filter({ !isBlank($0) }), let first = below.first, let last = below.last,
            !below.contains(where: { mayBeDumpText($0.text) || isPrompt($0.text) || isCommandBelow($0.text) })
        {
            leftOut.append((first.number...last.number, "the text below the indented code block the dump is in"))
            lines.removeSubrange(end...)
        }
        // Text before the dump's first controller on its line (`Output: <UINavigationController …>`, a log viewer's columns
        // before it, tab after tab), with the dump going on below it or ending there: left out (a trial's was told the line
        // below started a fragment).
        if let index = lines.firstIndex(where: { !isBlank($0) }), !isControllerLine(lines[index].text),
            // The first `<` or none: a line from a later one holds no more (one `<` after another was read in time that grew as
            // their count squared: a security review's 150 KB body took 35 s).
            let open = lines[index].text.firstIndex(of: "<"), isControllerLine(lines[index].text[open...]),
            case let before = lines[index].text[..<open], before.last == " " || before.last == "\t",
            !before.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "|" || $0 == "+" }), !before.contains("<"),
            lines[(index + 1)...].first(where: { !isBlank($0) }).map({ isControllerLine($0.text) && !$0.text.hasPrefix("<") }) ?? true
        {
            let shown = String(before.split(whereSeparator: \.isWhitespace).joined(separator: " "))
            leftOut.append((lines[index].number...lines[index].number, "the text before the dump's first controller ('\(shown)')"))
            lines[index].text = lines[index].text[open...]
        }
        // An indentation every line of the dump shares, when the first line shows it (spaces or tabs before its `<`): every
        // line's, or the lines' down to one without it when no line from there on may be a dump's (prose below a dump in a
        // source comment or a Markdown code block: a trial's was refused for its indentation, not for the prose).
        let shown = lines.filter { !$0.text.allSatisfy(\.isWhitespace) }
        if let first = shown.first, first.text.first == " " || first.text.first == "\t" {
            let indentation = first.text.prefix { $0 == " " || $0 == "\t" }
            let sharing = shown.prefix { $0.text.hasPrefix(indentation) }.count
            if first.text.dropFirst(indentation.count).first == "<", !shown[sharing...].contains(where: { mayBeDumpText($0.text) }) {
                var dump = true
                lines = lines.map { line in
                    guard dump, !line.text.allSatisfy(\.isWhitespace) else { return line }
                    dump = line.text.hasPrefix(indentation)
                    guard dump else { return line }
                    return (number: line.number, text: line.text.dropFirst(indentation.count))
                }
            } else if first.text.dropFirst(indentation.count).first == "<",
                let next = shown[sharing...].first(where: { mayBeDumpText($0.text) }), next.text.hasPrefix(indentation),
                next.text.dropFirst(indentation.count).first == "<"
            {
                // A second dump indented as the first, after text (an issue's `Before:` and `After:`, each a code block):
                // both without it, so that the second is refused as a second dump (it was refused for its indentation).
                lines = lines.map { line in
                    line.text.hasPrefix(indentation) ? (number: line.number, text: line.text.dropFirst(indentation.count)) : line
                }
            }
        }
        return (withUIKitIndentation(lines), prompts, leftOut, unclosedFence)
    }

    /// The lines above a Markdown fence that opens the dump, and the fence's line (both 1-based), when text is above the
    /// fence, none of it a prompt, a command or any part of a dump (`mayBeDumpText`), and the fence opens what a capture
    /// starts with: a prompt, the command, a dump's line in whatever wraps it (a log header, `Optional(`, a quote).
    /// A fence glued to the dump's first line counts as one (```` ```<UINavigationController 0x…>, … ````: a heading above
    /// it was refused, a review).
    ///
    /// The fence is the first one that opens the dump itself when no part of a dump is above it: earlier code blocks are
    /// text above it (a post's or an issue's Swift that presents the screen, or the command in a block of its own, then
    /// "You get:" and the dump in the next: a trial's real captures were refused for their first line). Otherwise the first
    /// fence that opens a capture, with no prompt or command above it (a console session's block opens with its prompt).
    static func textAboveFence(_ lines: [Substring]) -> (lines: ClosedRange<Int>, fence: Int)? {
        /// What the fence's block starts with, when it is a capture's start: whether that is the dump itself.
        func opens(_ fence: Int) -> Bool? {
            guard isFence(lines[fence]) || opensGlued(lines[fence]),
                let next = opensGlued(lines[fence])
                    ? withoutGluedFence(lines[fence]) : lines[(fence + 1)...].first(where: { !$0.allSatisfy(\.isWhitespace) })
            else { return nil }
            let text = next.drop(while: \.isWhitespace)
            if isOptionalHeader(text) || mayBeDumpText(text) { return true }
            return isPrompt(text) || isCommand(text) ? false : nil
        }
        let dumps = lines.indices.first { opens($0) == true }
        let fence: Int
        if let dumps, !lines[..<dumps].contains(where: mayBeDumpText) {
            fence = dumps
        } else {
            guard let first = lines.indices.first(where: { isFence(lines[$0]) || opensGlued(lines[$0]) }), opens(first) != nil,
                !lines[..<first].contains(where: { isPrompt($0) || isCommand($0) || mayBeDumpText($0) })
            else { return nil }
            fence = first
        }
        guard let first = lines[..<fence].firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }),
            let last = lines[..<fence].lastIndex(where: { !$0.allSatisfy(\.isWhitespace) })
        else { return nil }
        return (first + 1...last + 1, fence + 1)
    }

    /// The lines below the Markdown fence that closes the dump's code block, and that fence's line (both 1-based), when
    /// the block holds a dump's pieces and nothing below it prints the hierarchy again or is any part of a dump (fences
    /// aside: a later code block of Swift, or of another debugger command and its output, is text too).
    static func textBelowFence(_ lines: [Substring]) -> (lines: ClosedRange<Int>, fence: Int)? {
        func isText(_ line: Substring) -> Bool { !line.allSatisfy(\.isWhitespace) && !isFence(line) }
        // The first code block that holds a piece of the dump: blocks above it (an issue's Swift, a `pviews` and its output)
        // are text above the dump (the first block was taken for the dump's, and text below a later one was refused).
        var start = lines.startIndex
        var block: (opening: Int, closing: Int)?
        while block == nil, let opening = lines[start...].firstIndex(where: { isFence($0) || opensGlued($0) }),
            let closing = lines[(isFence(lines[opening]) ? opening + 1 : opening)...].firstIndex(where: {
                isFence($0) || closesGlued($0)
            })
        {
            if lines[opening...closing].contains(where: mayBeDumpText) { block = (opening, closing) }
            start = closing + 1
        }
        guard let (_, closing) = block,
            let first = lines[(closing + 1)...].firstIndex(where: isText),
            let last = lines[(closing + 1)...].lastIndex(where: isText),
            // A command right below is said as one (the debugger command and its output), as outside a code block.
            !isPrompt(lines[first]),
            // A later command that prints the hierarchy again is not text; another command is (a cheat sheet's `(lldb) pclass
            // …` in a later code block: a trial's page was refused, the error pointing at the heading between).
            !lines[(closing + 1)...].contains(where: { isHierarchyCommand($0) || isCommandBelow($0) || mayBeDumpText($0) })
        else { return nil }
        return (first + 1...last + 1, closing + 1)
    }

    /// `body` with the lines at the 0-based offsets `blank` picks emptied: left out, the numbering kept.
    static func blanking(_ body: Substring, _ blank: (Int) -> Bool) -> Substring {
        Substring(splitLines(body).enumerated().map { blank($0.offset) ? "" : $0.element }.joined(separator: "\n"))
    }

    /// Whether a line is a test runner's: XCTest's (`Test Suite 'All tests' started at …`, `Test Case '-[…]' passed (0.4
    /// seconds).`, `Executed 1 test, with 0 failures …`) or Swift Testing's (`◇ Test pages() started.`, `✔ Test …`).
    static func isTestRunnerLine(_ line: Substring) -> Bool {
        let text = line.drop(while: \.isWhitespace)
        if text.hasPrefix("Test Suite '") || text.hasPrefix("Test Case '") {
            return [" started", " passed", " failed", " skipped"].contains { text.containsBytes($0) }
        }
        if text.hasPrefix("Executed "), text.containsBytes(" test"), text.containsBytes(" with ") { return true }
        for symbol in ["◇", "✔", "✘", "↳", "􀟈", "􁁛", "􀢄", "􀄵"] where text.hasPrefix(symbol + " ") {
            let rest = text.dropFirst(symbol.count + 1)
            if rest.hasPrefix("Test ") || rest.hasPrefix("Suite ") { return true }
        }
        return false
    }

    /// Whether a line may hold part of a controller line, however it was wrapped, prefixed or quoted (`<X 0x…>,` alone,
    /// `state: appeared, view: <UIView 0x…>`, a log header before one): text around a dump is left out only when none of
    /// it may be (a review: a second dump, wrapped or behind log headers, was left out as text instead of refused).
    /// Only a dump's own pieces count: prose with angle brackets (`UIHostingController<ContentView>:`, `<details>`, `See
    /// <https://…>`) or the word state was refused where a note was promised (a second review).
    static func mayBeDumpText(_ line: Substring) -> Bool {
        if State.allCases.contains(where: { line.containsBytes("state: " + $0.rawValue) }), hasStatePiece(line) { return true }
        if line.containsBytes("view: <") || line.containsBytes("(view not loaded)") || line.containsBytes("presented with: <")
            || line.containsBytes("Optional(\"<")
        {
            return true
        }
        func isName(_ text: Substring) -> Bool {
            guard let first = text.first, first.isLetter || first == "_" else { return false }
            return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        }
        // A controller's `<Name 0x…`, wherever it is (behind a log header too).
        var rest = line[...]
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            let name = after.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            if isName(name), after.dropFirst(name.count).hasPrefix(" 0x") { return true }
            rest = after
        }
        // A line that is one `<Name>` and its comma (a dump shortened to class names, or wrapped after the comma). A class
        // name starts with a capital or `_`: `<details>` and `<summary>` around a dump in an issue are HTML (a trial's were
        // refused as a second dump).
        var alone = afterPrefix(line)
        while alone.last == " " || alone.last == "," || alone.last == "\r" { alone = alone.dropLast() }
        let name = alone.dropFirst().dropLast()
        return alone.first == "<" && alone.last == ">" && isName(name) && (name.first!.isUppercase || name.first == "_")
    }

    /// Whether a line holds a controller line's `state: appeared` as a dump prints it: its comma or the line's end right
    /// after (wrapped there). Prose that names the states (`( state: appeared / state: disappeared )`, a blog's bullet below
    /// its dump) is not a dump's: it was refused as a second dump, and the error named the line above it.
    static func hasStatePiece(_ line: Substring) -> Bool {
        State.allCases.contains { state in
            line.ranges(of: "state: " + state.rawValue).contains { range in
                let after = line[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\r" }
                return after.isEmpty || after.first == ","
            }
        }
    }

    /// The lines with UIKit's `   | ` per level where every line nests by another run of spaces (or none) before its
    /// `| ` or `+ ` (a web page or an editor re-indented the dump, 2 spaces a level say); as they are when any line
    /// does not (the reader then says the indentation was edited).
    static func withUIKitIndentation(_ lines: [(number: Int, text: Substring)]) -> [(number: Int, text: Substring)] {
        if let retabbed = withTabsReplaced(lines) { return retabbed }
        func spaces(_ text: Substring) -> Int { text.prefix { $0 == " " }.count }
        // No space at all before `| ` is a unit too: a page that collapses runs of spaces (a blog's copy) printed
        // `| | <…>` and `+ <…>` (a trial of new real captures: refused as edited).
        guard
            let sample = lines.first(where: { line in
                let rest = line.text.dropFirst(spaces(line.text))
                guard rest.hasPrefix("| ") || rest.hasPrefix("+ ") else { return false }
                return spaces(line.text) > 0 || rest.drop(while: { $0 == "|" || $0 == "+" || $0 == " " }).first == "<"
            })
        else { return lines }
        let unit = spaces(sample.text)
        guard unit != 3, unit <= 8 else { return lines }
        let pad = String(repeating: " ", count: unit)
        var rewritten: [(number: Int, text: Substring)] = []
        for line in lines {
            guard !line.text.allSatisfy(\.isWhitespace) else {
                rewritten.append(line)
                continue
            }
            var rest = line.text
            var prefix = ""
            while rest.hasPrefix(pad + "| ") {
                rest = rest.dropFirst(unit + 2)
                prefix += "   | "
            }
            if rest.hasPrefix(pad + "+ ") {
                rest = rest.dropFirst(unit + 2)
                prefix += "   + "
            }
            guard rest.first == "<" else {
                // A dump line nested by another unit: edited by hand, as the reader then says: of the first line re-indented
                // when this one has UIKit's indentation, else of this one (a trial was told of line 2 of a dump re-indented
                // throughout, where only line 5 differed). Past the dump (a later command's output), the lines are left as
                // they are.
                if line.text.hasPrefix("   | ") || line.text.hasPrefix("   + ") { return lines }
                return rewritten + lines[rewritten.count...]
            }
            rewritten.append((line.number, Substring(prefix + rest)))
        }
        return rewritten
    }

    /// The lines with UIKit's indentation where an editor or a copy turned its spaces into tabs (`\t|\t+ <…>`): the
    /// bars and the plus of each prefix still say its depth (`   | ` per bar, then `   + `), however the blanks
    /// between them were changed. Nil when no line's prefix has a tab, or a prefix with one holds anything else
    /// (the reader then says the indentation was edited).
    static func withTabsReplaced(_ lines: [(number: Int, text: Substring)]) -> [(number: Int, text: Substring)]? {
        func prefix(_ text: Substring) -> Substring { text.prefix { $0 == " " || $0 == "\t" || $0 == "|" || $0 == "+" } }
        guard lines.contains(where: { prefix($0.text).contains("\t") && $0.text.dropFirst(prefix($0.text).count).first == "<" })
        else { return nil }
        var rewritten: [(number: Int, text: Substring)] = []
        for line in lines {
            let marks = prefix(line.text)
            let rest = line.text.dropFirst(marks.count)
            // Blank lines, and what follows the dump (a later command's output), are left as they are.
            guard rest.first == "<" else {
                if line.text.allSatisfy(\.isWhitespace) {
                    rewritten.append(line)
                    continue
                }
                return rewritten + lines[rewritten.count...]
            }
            let bars = marks.filter { $0 == "|" }.count
            let plus = marks.filter { $0 == "+" }.count
            // A plus comes last, once (`   |    + <…>`): anything else was not UIKit's. Blanks with no bar or plus nest
            // nothing UIKit prints (its top-level lines start at `<`): a dump whose bars were lost (a trial's, tabs a level,
            // was read as one window's root and its controllers as other windows', exit 0).
            guard plus <= 1, plus == 0 || marks.drop(while: { $0 != "+" }).allSatisfy({ $0 != "|" }), marks.isEmpty || bars + plus > 0
            else { return nil }
            let text = String(repeating: "   | ", count: bars) + (plus == 1 ? "   + " : "") + rest
            rewritten.append((line.number, Substring(text)))
        }
        return rewritten
    }

    /// The one written line of `lines`, when there is only one, trimmed and without the type and result name `p`
    /// prints before a value: where a string printed by `po` or `p` would be.
    static func loneLiteral(in lines: [(number: Int, text: Substring)]) -> (number: Int, literal: Substring)? {
        let written = lines.filter { !$0.text.allSatisfy(\.isWhitespace) }
        guard written.count == 1, let line = written.first else { return nil }
        var literal = withoutTypeAnnotation(line.text.drop(while: \.isWhitespace))
        while literal.last?.isWhitespace == true { literal = literal.dropLast() }
        return (line.number, literal)
    }

    /// The first written line of `lines` as `loneLiteral(in:)` reads it, when it is the only one or a quoted dump
    /// (`"<UINavigationController 0x…>, state: …\n   | …"`) with more text after it.
    static func leadingLiteral(in lines: [(number: Int, text: Substring)]) -> (number: Int, literal: Substring)? {
        if let lone = loneLiteral(in: lines) { return lone }
        guard let first = lines.first(where: { !$0.text.allSatisfy(\.isWhitespace) }),
            let (number, literal) = loneLiteral(in: [first]), isQuotedDump(literal)
        else { return nil }
        return (number, literal)
    }

    /// The index of the one line of `lines` that holds a dump's pieces, and the text of the Swift string literal in it, when that
    /// line is code around the literal (`let string = "<X 0x…>, state: …"`, `decode("…")`, or a fragment's `"   | <…"`): the literal opens after an
    /// `=`, `(`, `,` or `:`, after a word, and closes on the line, whatever follows it. Nil for
    /// a string as `po` and `p` print it (alone, or after `(String) $R0 = `): that is read as it is.
    static func literalInCode(_ lines: [(number: Int, text: Substring)]) -> (index: Int, text: String)? {
        let pieces = lines.indices.filter { mayBeDumpText(lines[$0].text) }
        guard pieces.count == 1, let index = pieces.first else { return nil }
        let line = lines[index].text
        guard withoutTypeAnnotation(line.drop(while: \.isWhitespace)).first != "\"",
            // Its first controller, or a deeper one's prefix (a fragment, said as one below).
            let open = line.indices.first(where: { position in
                line[position] == "\"" && ["<", "   | ", "   + "].contains { line[line.index(after: position)...].hasPrefix($0) }
            })
        else { return nil }
        let before = line[..<open].reversed().drop(while: \.isWhitespace)
        guard let opener = before.first, "=(,:".contains(opener), line[..<open].contains(where: \.isLetter) else { return nil }
        guard let position = literalEnd(in: line, from: open).close else { return nil }
        let literal = line[open...position]
        // Whatever follows it on the line is code too (`, dump)`, `, "message")`, `// a comment`: a review).
        guard let text = unescapedSwiftString(literal, anyText: true) else { return nil }
        return (index, text)
    }

    /// Whether a line, without its indentation and the type `p` prints, is a dump in quotes (`"<X 0x…>, state: …`).
    static func isQuotedDump(_ line: Substring) -> Bool {
        let literal = withoutTypeAnnotation(line.drop(while: \.isWhitespace))
        return literal.hasPrefix("\"<") && literal.containsBytes(", state: ")
    }

    /// Whether a line is a dump's first line with a Markdown fence glued to its start (```` ```<X 0x…>, … ````).
    static func opensGlued(_ line: Substring) -> Bool {
        let text = line.drop(while: \.isWhitespace)
        return (text.hasPrefix("```<") || text.hasPrefix("~~~<")) && withoutGluedFence(line) != line
    }

    /// Whether a line is a dump's last line with a Markdown fence glued to its end (```` …, view: <UIView 0x…>``` ````).
    static func closesGlued(_ line: Substring) -> Bool {
        var text = line
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return (text.hasSuffix("```") || text.hasSuffix("~~~")) && withoutGluedFence(line) != line
    }

    /// A line without a Markdown fence glued to its start before a controller (```` ```<X 0x…>, … ````) or to the end of a
    /// controller line (```` …, view: <UIView 0x…>``` ````).
    static func withoutGluedFence(_ line: Substring) -> Substring {
        var line = line
        for fence in ["```", "~~~"] {
            let indentation = line.prefix(while: \.isWhitespace)
            let rest = line.dropFirst(indentation.count)
            if rest.hasPrefix(fence), rest.dropFirst(fence.count).first == "<" {
                line = Substring(String(indentation) + rest.dropFirst(fence.count))
            }
            var end = line
            while end.last?.isWhitespace == true { end = end.dropLast() }
            if end.hasSuffix(fence), end.containsBytes(", state: "), let before = end.dropLast(fence.count).last, before != fence.first {
                line = end.dropLast(fence.count)
            }
        }
        return line
    }

    /// The prompt line right above the dump's first line (`first`), blank lines and the debugger's warnings between, when
    /// it types a command: what printed the dump, whatever its name (an alias, `(lldb) vch`; MonkeyDev's `cy# pvcs()`: a
    /// trial's console paste was refused at its first line, the output of an earlier command).
    static func promptAbove(_ first: Int?, in lines: [(number: Int, text: Substring)]) -> Int? {
        guard let first,
            let above = lines[..<first].lastIndex(where: { !$0.text.allSatisfy(\.isWhitespace) && !$0.text.hasPrefix("warning: ") }),
            promptCommand(lines[above].text)?.isEmpty == false
        else { return nil }
        return above
    }

    /// The index of the command that printed the dump, pasted without a prompt, when text is above it: the last line
    /// naming `_printHierarchy` (`isCommand`) above the dump's first line (a controller line, or the dump quoted).
    static func bareCommand(in lines: [(number: Int, text: Substring)]) -> Int? {
        guard
            let start = lines.firstIndex(where: { line in
                let text = line.text.drop(while: \.isWhitespace)
                return isControllerLine(text) || (text.hasPrefix("`<") && text.containsBytes(", state: ")) || isQuotedDump(text)
            }),
            let command = lines[..<start].lastIndex(where: { isCommand($0.text) }),
            lines[..<command].contains(where: { !$0.text.allSatisfy(\.isWhitespace) })
        else { return nil }
        return command
    }

    /// Whether a line opens or closes a Markdown code block (```` ``` ````, ```` ```text ````, `~~~`).
    static func isFence(_ line: Substring) -> Bool {
        var trimmed = line.drop(while: \.isWhitespace)
        while trimmed.last?.isWhitespace == true { trimmed = trimmed.dropLast() }
        // Jira's and Confluence's code blocks: `{code}`, `{code:swift}`, `{noformat}` (a trial's were read as dump lines).
        if trimmed == "{code}" || trimmed == "{noformat}"
            || (trimmed.hasPrefix("{code:") && trimmed.hasSuffix("}") && !trimmed.contains("<"))
        {
            return true
        }
        guard trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") else { return false }
        return trimmed.dropFirst(3).allSatisfy { $0.isLetter || $0.isNumber || "`~-_+ \r".contains($0) }
    }

    /// Whether a line is the header `po` prints for an optional (`▿ Optional<Any>`, `▿ Optional<String>`).
    static func isOptionalHeader(_ line: Substring) -> Bool {
        let trimmed = line.drop(while: \.isWhitespace)
        return (trimmed.hasPrefix("▿ Optional<") || trimmed.hasPrefix("▹ Optional<") || trimmed.hasPrefix("- Optional<"))
            && trimmed.last(where: { !$0.isWhitespace }) == ">"
    }

    /// A value as LLDB's `p` prints it without its type and result name: `(String?) "…"`,
    /// `(String?) $R0 = "…"` and Objective-C's `(__NSCFString *) $0 = 0x600002c0c000 @"…"` become `"…"`.
    static func withoutTypeAnnotation(_ line: Substring) -> Substring {
        guard line.first == "(", let close = line.firstIndex(of: ")") else { return line }
        var rest = line[line.index(after: close)...].drop { $0 == " " }
        if rest.first == "$", let equals = rest.firstIndex(of: "=") { rest = rest[rest.index(after: equals)...].drop { $0 == " " } }
        // An NSString's address, then its summary (a trial's `p [UIViewController _printHierarchy]` was not read).
        if rest.hasPrefix("0x") {
            let summary = rest.dropFirst(2).drop { $0.isHexDigit }.drop { $0 == " " }
            if summary.hasPrefix("@\"") { rest = summary.dropFirst() }
        }
        return rest.first == "\"" ? rest : line
    }

    /// The lines of `text`, ended by `\n`, `\r\n` or `\r`.
    /// Found in the bytes: a split by `Character` took a third of reading a 5.5 MB console paste (a trial: 11 s). The same
    /// lines: a line end is always a grapheme boundary.
    static func splitLines(_ text: Substring) -> [Substring] {
        var lines: [Substring] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                index = bytes.index(after: index)
                continue
            }
            lines.append(text[start..<index])
            index = bytes.index(after: index)
            if byte == UInt8(ascii: "\r"), index != bytes.endIndex, bytes[index] == UInt8(ascii: "\n") { index = bytes.index(after: index) }
            start = index
        }
        lines.append(text[start..<bytes.endIndex])
        return lines
    }

    /// Whether a line is a writer's words: letters and spaces mostly, no dump's pieces, no prompt, command, debugger
    /// message or wrapper of a printed value (`▿ Optional<Any>`, `- some : `, a quote, a backtick).
    static func isProse(_ line: Substring) -> Bool {
        let text = line.drop(while: \.isWhitespace)
        guard let first = text.first, first.isLetter, !mayBeDumpText(line), !isPrompt(line), !isCommand(line), !isOptionalHeader(line)
        else { return false }
        for marker in ["error:", "warning:", "note:", "Optional(", "Printing description"] where text.hasPrefix(marker) { return false }
        let words = text.split(whereSeparator: \.isWhitespace)
        return words.count >= 3 && !text.contains("<") && !text.contains("0x")
    }

    /// Where the dump's first line starts in a line that holds the command printing it too, with no line break between
    /// (`po [… _printHierarchy]<UINavigationController 0x…>, state: …`): at the `<` of the first controller after the
    /// command's `_printHierarchy` and its closing brackets, quotes or call (cycript's `.toString()`); nil for any other line.
    static func gluedCommandEnd(_ line: Substring) -> Substring.Index? {
        // Bytes first: the generic search took a fifth of reading a file of blank lines (a review's 100,000 took seconds).
        guard line.containsBytes("_printHierarchy"), let method = line.firstRange(of: "_printHierarchy"),
            let open = line[method.upperBound...].firstIndex(of: "<"),
            line[method.upperBound..<open].replacing(".toString()", with: "").allSatisfy({ "])(\"'`;!? \t".contains($0) }),
            !afterPrefix(line).hasPrefix("<"), isControllerLine(line[open...])
        else { return nil }
        return open
    }

    /// Whether a line is the command that printed the hierarchy, pasted without its prompt: LLDB's (`po …`,
    /// `expr …`), cycript's (`[[[UIWindow keyWindow] rootViewController] _printHierarchy].toString()`), any
    /// line naming `_printHierarchy` that is not itself a controller line.
    static func isCommand(_ line: Substring) -> Bool {
        guard line.containsBytes("_printHierarchy") else { return false }
        return !afterPrefix(line).hasPrefix("<")
    }

    /// Whether a line below a dump is a command typed to print it again, not prose that names it: with a prompt, a
    /// debugger's command (`po …`, `expr …`), or an expression alone (cycript's `[[[UIWindow keyWindow] rootViewController]
    /// _printHierarchy].toString()`: no space outside its brackets). A trial's note below a dump ("Running `_printHierarchy`
    /// again prints the same tree", a search's address) was read as a command, and the dump refused.
    static func isCommandBelow(_ line: Substring) -> Bool {
        guard isCommand(line) else { return false }
        if isPrompt(line) { return true }
        let text = line.drop(while: \.isWhitespace)
        guard !text.containsBytes("://") else { return false }
        // A command's argument is code: a call, a message in brackets (`print _printHierarchy again` is prose, a review).
        let verb = text.prefix { !$0.isWhitespace }
        if ["po", "p", "e", "expr", "expression", "call", "print"].contains(verb) {
            return text.dropFirst(verb.count).contains { $0 == "[" || $0 == "(" || $0 == "." }
        }
        // An expression alone starts as one: a bracket or a name (a sentence in parentheses is prose).
        guard let first = text.first, first == "[" || first.isLetter || first == "_" else { return false }
        var depth = 0
        for character in text.reversed().drop(while: \.isWhitespace) {
            switch character {
            case "[", "(": depth -= 1
            case "]", ")": depth += 1
            case " ", "\t": if depth <= 0 { return false }
            default: break
            }
        }
        return true
    }

    /// Lines a web page or a narrow terminal wrapped after a comma put back together: a controller line
    /// broken before its `state:` or `view:` (`<UINavigationController 0x…>, ` then `state: appeared, `
    /// then `view: <…>`) is read as one line, numbered as its first part.
    static func joiningWrappedLines(_ lines: [(number: Int, text: Substring)]) -> [(number: Int, text: Substring)] {
        var joined: [(number: Int, text: Substring)] = []
        // A wrapped line has a few parts; a bound keeps a file of thousands of `<` lines from being joined into one,
        // each join copying the line so far.
        var parts = 1
        // A terminal's hard fold cuts every long line at one width, mid-word, and goes on at the next line's first column:
        // two or more unfinished controller lines of the longest length in the text, each followed by such a line, are
        // folded there, and their parts join with nothing between.
        // Lengths as the terminal folded them: a log header taken off the front of a line counts.
        let longest = lines.map { Self.foldedLength($0.text) }.max() ?? 0
        // (The next line may start with the one space the cut left at its head: a fold of ` not in the window` after its
        // `no` went unseen, a trial. More is an indented continuation of a word wrap.)
        let folded = zip(lines, lines.dropFirst()).filter { line, next in
            let text = next.text.first == " " ? next.text.dropFirst() : next.text
            return Self.foldedLength(line.text) == longest && !isFinished(line.text)
                && afterPrefix(line.text).first == "<"
                && text.first.map { !$0.isWhitespace } == true && !isLineStart(next.text)
        }
        let foldWidth = folded.count >= 2 ? longest : nil
        var headLength = 0
        for line in lines {
            let continuation = line.text.drop { $0 == " " || $0 == "\t" }
            let raw = joined.last?.text ?? ""
            var head = raw
            while head.last?.isWhitespace == true { head = head.dropLast() }
            // Folded: the parts as they are, spaces at the cut included. A line that ends where it may (complete, its
            // brackets closed) goes on only with what can follow it (` not in the window`, `, presented with: …`): the
            // console's next line is not part of it (a review).
            let finished = isFinished(raw)
            if parts < 12, !joined.isEmpty, let foldWidth, headLength == foldWidth, !line.text.isEmpty, !isLineStart(line.text),
                afterPrefix(raw).first == "<",
                !finished
                    || ["not in the window", ", presented with: ", "presented with: "].contains(where: { continuation.hasPrefix($0) })
            {
                // Where neither side kept a space and the dump's grammar has one (`…Controller` then `0x…>`, `,` then `view:`,
                // `(view` then `not loaded)`), the text was wrapped at a space a web page or a mail dropped, not cut mid-word:
                // joined with nothing it read `_UIFullscreenPresentationController0x…` as a class, and drew a custom
                // presentation (a trial's word wrap whose two longest lines happened to be as long).
                let keptNoSpace = raw.last?.isWhitespace == false && line.text.first?.isWhitespace == false
                let separator = keptNoSpace && Self.spaceGoesBetween(raw, line.text) ? " " : ""
                joined[joined.count - 1].text = Substring(String(raw) + separator + String(line.text))
                headLength = Self.foldedLength(line.text)
                parts += 1
                continue
            }
            if parts < 12, !joined.isEmpty, let separator = wrapSeparator(after: head, before: continuation) {
                joined[joined.count - 1].text = Substring(String(head) + separator + String(continuation))
                headLength = Self.foldedLength(line.text)
                parts += 1
                continue
            }
            joined.append(line)
            headLength = Self.foldedLength(line.text)
            parts = 1
        }
        return joined
    }

    /// The length of a line as the text it was cut from had it: with what was taken off its front (a log header), which is
    /// still in the text around the substring.
    static func foldedLength(_ text: Substring) -> Int {
        let base = text.base
        // By bytes: in a Windows paste the line break is one Character, `\r\n`, equal to neither `\n` nor `\r`, and every
        // line was measured back to the start of the text (a trial's 3,000-line CRLF capture took two minutes to read).
        let utf8 = base.utf8
        var start = text.startIndex
        while start > utf8.startIndex {
            let before = utf8.index(before: start)
            if utf8[before] == 0x0A || utf8[before] == 0x0D { break }
            start = before
        }
        return base.distance(from: start, to: text.endIndex)
    }

    /// Whether the dump's grammar puts a space between the end of `head` and the start of `next`: before an address after a
    /// class name, after a comma before `state:`, `view:` or `presented with:`, before and inside ` not in the window` and
    /// `(view not loaded)`, after `state:`, `view:` and `presented with:`. No hard fold cuts there without keeping the
    /// space on one side.
    static func spaceGoesBetween(_ head: Substring, _ next: Substring) -> Bool {
        guard let last = head.last else { return false }
        if next.hasPrefix("0x"), next.dropFirst(2).first?.isHexDigit == true, last.isLetter || last.isNumber || last == "_" || last == ">" {
            // An address after a name (`<UIView` then `0x…>`); not the rest of an address cut inside it.
            let word = head.reversed().prefix { !$0.isWhitespace && $0 != "<" }
            return !word.reversed().starts(with: "0x")
        }
        if last == ",", ["state:", "view:", "presented with:"].contains(where: { next.hasPrefix($0) }) { return true }
        if last == ">", next.hasPrefix("not") { return true }
        for cut in ["not", "not in", "not in the"] where head.hasSuffix("> " + cut) {
            if (cut + " " + next).hasPrefix("not in the window") { return true }
        }
        if head.hasSuffix("(view"), next.hasPrefix("not loaded)") { return true }
        if head.hasSuffix(", presented"), next.hasPrefix("with:") { return true }
        if head.hasSuffix("(view not"), next.hasPrefix("loaded)") { return true }
        if head.hasSuffix("state:"), State.allCases.contains(where: { next.hasPrefix($0.rawValue) }) { return true }
        if head.hasSuffix("view:") || head.hasSuffix("presented with:"),
            next.first == "<" || next.hasPrefix("(view not loaded)") || next.hasPrefix("(null)")
        {
            return true
        }
        return false
    }

    /// Whether a line starts as a dump's line does (a prefix of `|`, `+` and blanks, then `<`): not a continuation.
    /// (Prompt lines are gone before lines are joined.)
    static func isLineStart(_ line: Substring) -> Bool {
        line.drop { $0 == " " || $0 == "|" || $0 == "+" || $0 == "\t" }.first == "<"
    }

    /// What goes between a controller line and the next line when the next continues it (nil when it does not): a
    /// space after a comma before `state:`, `view:` or `presented with:`; nothing before a comma that moved to the next
    /// line (`, presented with: …`, the longest part, wraps first); a space before ` not in the window`, and after a
    /// `view:` or `presented with:` whose value went to the next line. `head` ends in no white space.
    static func wrapSeparator(after head: Substring, before continuation: Substring) -> String? {
        // Wrapped right after the prefix (a long class name went to the next line).
        if !head.isEmpty, head.allSatisfy({ $0 == " " || $0 == "|" || $0 == "+" }), head.contains("|") || head.contains("+"),
            continuation.first == "<"
        {
            return " "
        }
        guard afterPrefix(head).first == "<", !continuation.isEmpty else { return nil }
        // A word wrap inside ` not in the window` (`… <UIView 0x…> not` then `in the window`).
        for cut in ["not", "not in", "not in the"] where head.hasSuffix("> " + cut) {
            if (cut + " " + continuation).hasPrefix("not in the window") { return " " }
        }
        let parts = ["state: ", "view: ", "presented with: "]
        if head.last == ",", parts.contains(where: { continuation.hasPrefix($0) }) { return " " }
        if parts.contains(where: { continuation.hasPrefix(", " + $0) }) { return "" }
        if head.last == ">", continuation.hasPrefix("not in the window") { return " " }
        // Inside `presented with:` (a word wrap at 57 columns, a captures trial).
        if head.hasSuffix(", presented"), continuation.hasPrefix("with: ") { return " " }
        // After `state:`, its word on the next line (a review's word wrap at 60 columns).
        if head.hasSuffix(", state:"),
            State.allCases.contains(where: { continuation.hasPrefix($0.rawValue) })
        {
            return " "
        }
        if head.hasSuffix("view:") || head.hasSuffix("presented with:"),
            continuation.first == "<" || continuation.hasPrefix("(view not loaded)") || continuation.hasPrefix("(null)")
        {
            return " "
        }
        // Wrapped at any space (a terminal 80 columns wide): inside `<UIView 0x…>` or `(view not loaded)`, which no
        // whole line leaves open; not before the dump's next line (the line was cut: a trial's was joined to the rest of
        // the dump).
        return isOpen(head) && !isLineStart(continuation) ? " " : nil
    }

    /// Whether a controller line ends where a whole one may: its brackets closed, after the view, ` not in the window` or
    /// the presentation controller.
    static func isFinished(_ line: Substring) -> Bool {
        var end = line
        while end.last?.isWhitespace == true { end = end.dropLast() }
        return (end.hasSuffix(">") || end.hasSuffix(")") || end.hasSuffix("not in the window")) && isControllerLine(line) && !isOpen(line)
    }

    /// Whether the text opens a `<` or `(` it does not close. Counted in bytes (ASCII): by characters, this count was
    /// most of the time a file of thousands of `<` lines took.
    static func isOpen(_ text: Substring) -> Bool {
        var (angles, parentheses) = (0, 0)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "<"): angles += 1
            case UInt8(ascii: ">"): angles -= 1
            case UInt8(ascii: "("): parentheses += 1
            case UInt8(ascii: ")"): parentheses -= 1
            default: break
            }
        }
        return angles > 0 || parentheses > 0
    }

    /// The line without an `NSLog` header: `2024-05-01 10:22:33.123456+0200 Process[pid:thread] `, and the
    /// `[category] ` a logger prints after it.
    static func withoutLogHeader(_ line: Substring) -> Substring {
        let shape = Array("dddd-dd-dd dd:dd:dd.")
        let utf8 = Array(line.utf8.prefix(shape.count))
        guard utf8.count == shape.count,
            zip(utf8, shape).allSatisfy({ byte, expected in expected == "d" ? (0x30...0x39).contains(byte) : byte == expected.asciiValue })
        else { return line }
        // After the fraction and the zone: `Process[pid:thread] ` ends the header.
        guard let space = line.dropFirst(shape.count).firstIndex(of: " "),
            let close = line[space...].firstIndex(of: "]"),
            line[space..<close].contains("["),
            line[line.index(after: close)...].first == " "
        else { return line }
        let rest = line[line.index(close, offsetBy: 2)...]
        // `os_log` and `Logger` print their category after the header: `[UIKit] ` or `[com.example.app:Navigation] `
        // (left in, it was read as the start of a dump below the top level, a trial).
        if rest.first == "[", let end = rest.firstIndex(of: "]"), rest[rest.index(after: end)...].first == " ",
            !rest[..<end].contains(where: { $0 == " " || $0 == "<" })
        {
            return rest[rest.index(end, offsetBy: 2)...]
        }
        return rest
    }

    /// The text of a Swift string literal as `po` prints it (`"…\n…"`), or nil when it is not one; unless `anyText`, nil
    /// too when it is one line that is no controller line.
    static func unescapedSwiftString(_ literal: Substring, anyText: Bool = false) -> String? {
        var out = ""
        var characters = literal.dropFirst().dropLast().makeIterator()
        while let character = characters.next() {
            guard character == "\\" else {
                if character == "\"" || character.isNewline { return nil }
                out.append(character)
                continue
            }
            switch characters.next() {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "\"": out.append("\"")
            case "'": out.append("'")
            case "\\": out.append("\\")
            case "0": out.append("\0")
            default: return nil
            }
        }
        // One line is a dump only when it is a controller line (`"<App.Root 0x…>, state: …"`).
        return anyText || out.contains("\n") || out.hasPrefix("<") ? out : nil
    }

    /// The depth a line's prefix gives, whether its last unit is `+`, and the rest of the line.
    static func prefix(of line: Substring, file: String, line number: Int, isFirst: Bool) throws(PrintHierarchyError)
        -> (Int, Bool, Substring)
    {
        var rest = line
        var depth = 0
        while rest.hasPrefix("   | ") {
            rest = rest.dropFirst(5)
            depth += 1
        }
        var isPresented = false
        if rest.hasPrefix("   + ") {
            rest = rest.dropFirst(5)
            depth += 1
            isPresented = true
        }
        if !rest.hasPrefix("<") {
            let stripped = rest.drop { $0 == " " || $0 == "\t" || $0 == "|" || $0 == "+" }
            if stripped.hasPrefix("<"), stripped.containsBytes(", state: ") {
                // A first line nested below another, whatever its spaces (`|    | <…>`, or `+ <…>` presented by a
                // controller that is not there): cut from a larger dump (a trial's real subtree was called edited).
                let marks = line.prefix { $0 != "<" }
                if isFirst, marks.contains("|") || (marks.contains("+") && !line.hasSuffix("presented with: (null)")) {
                    throw .fragment(file: file, line: number)
                }
                throw .editedPrefix(file: file, line: number, tabs: marks.contains("\t"))
            }
            throw .notADump(file: file, line: number, found: Capture.visible(String(line.prefix(80))))
        }
        if isFirst {
            // The first line is the top level; a detached root is printed `   + <X>, …, presented with: (null)`.
            if depth > 1 || (depth == 1 && !isPresented) { throw .fragment(file: file, line: number) }
            return (0, isPresented, rest)
        }
        return (depth, isPresented, rest)
    }

    /// Reads `<Class addr>, state: S, view: V[, presented with: P]`.
    static func controller(_ text: Substring, file: String, line: Int, isFirstLine: Bool) throws(PrintHierarchyError) -> Controller {
        var scanner = Scanner(text: text)
        func malformed(_ expected: String) -> PrintHierarchyError {
            .malformed(file: file, line: line, expected: expected, found: Capture.excerpt(scanner.rest))
        }
        guard let (className, address) = scanner.object() else {
            // A multi-line literal's dump that interpolates (`<X \(address)>`) is said to (a review: "expected a controller").
            if text.containsBytes("\\(") { throw .interpolatedLiteral(file: file, line: line) }
            throw malformed("a controller such as '<UIViewController 0x…>'")
        }
        guard scanner.skip(", state: ") else {
            if isViewDescription(text) { throw .viewDescription(file: file, line: line, found: Capture.excerpt(text), dumpLine: nil) }
            if scanner.rest.allSatisfy(\.isWhitespace) { throw .missingState(file: file, line: line, found: Capture.excerpt(text)) }
            throw malformed("', state: '")
        }
        let beforeState = scanner
        guard let stateWord = scanner.word(), let state = State(rawValue: String(stateWord)) else {
            scanner = beforeState
            throw malformed("a state: 'appeared', 'disappeared', 'appearing' or 'disappearing'")
        }
        guard scanner.skip(", view:") else { throw malformed("', view: '") }
        // One space, two before `(view not loaded)`, or a tab for them where an editor tabified a paste (a trial's
        // `unexpand -a`: its level prefixes were read, this was refused).
        scanner.rest = scanner.rest.drop { $0 == " " || $0 == "\t" }
        var controller = Controller(
            line: line, depth: 0, link: .root, className: className, address: address, state: state, isViewLoaded: false,
            viewClass: nil, isInWindow: false, presentationControllerClass: nil)
        if scanner.skip("(view not loaded)") {
            controller.isViewLoaded = false
        } else if let (viewClass, _) = scanner.object() {
            controller.isViewLoaded = true
            controller.viewClass = viewClass
            controller.isInWindow = !scanner.skip(" not in the window")
        } else {
            throw malformed("a view such as '<UIView 0x…>' or '(view not loaded)'")
        }
        if scanner.skip(", presented with: ") {
            controller.namesPresentation = true
            if scanner.skip("(null)") {
                controller.presentationControllerClass = nil
            } else if let (presentation, _) = scanner.object() {
                controller.presentationControllerClass = presentation
            } else {
                throw malformed("a presentation controller such as '<_UIPageSheetPresentationController 0x…>' or '(null)'")
            }
        }
        guard scanner.rest.isEmpty else { throw malformed("the end of the line") }
        return controller
    }

    /// What a controller's line goes on with after its `<Class 0x…>`, in order: text after a whole line that begins one of
    /// these is a part of it cut short, any other text is not the line's.
    static let lineParts = [", state: ", ", view: ", " not in the window", ", presented with: "]

    /// A cursor over one line.
    struct Scanner {
        var rest: Substring
        init(text: Substring) { rest = text }

        mutating func skip(_ literal: String) -> Bool {
            guard rest.hasPrefix(literal) else { return false }
            rest = rest.dropFirst(literal.count)
            return true
        }

        mutating func word() -> Substring? {
            let word = rest.prefix { $0.isLetter }
            guard !word.isEmpty else { return nil }
            rest = rest.dropFirst(word.count)
            return word
        }

        /// `<Class[:] [0xADDR]>`; a class may hold `<…>` of its own (a demangled generic).
        mutating func object() -> (String, String?)? {
            guard rest.first == "<" else { return nil }
            var level = 0
            var end: Substring.Index?
            for index in rest.indices {
                if rest[index] == "<" { level += 1 }
                if rest[index] == ">" {
                    level -= 1
                    if level == 0 {
                        end = index
                        break
                    }
                }
            }
            guard let end else { return nil }
            var inside = rest[rest.index(after: rest.startIndex)..<end]
            rest = rest[rest.index(after: end)...]
            var address: String?
            if let space = inside.lastIndex(of: " "), inside[inside.index(after: space)...].hasPrefix("0x") {
                address = String(inside[inside.index(after: space)...])
                inside = inside[..<space]
            }
            if inside.last == ":" { inside = inside.dropLast() }
            guard !inside.isEmpty, !inside.contains(" ") || inside.contains("<") else { return nil }
            return (String(inside), address)
        }
    }
}
