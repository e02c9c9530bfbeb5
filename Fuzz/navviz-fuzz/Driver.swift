import Foundation
import NavVizFuzzing

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

#if NAVVIZ_FUZZING
    import CLibFuzzer

    // libFuzzer (built by `make fuzz` with `-sanitize=fuzzer,address`): the target is named by NAVVIZ_FUZZ_TARGET,
    // and a broken property is a crash libFuzzer reports with the input that caused it. SwiftPM calls the
    // entry point `navviz_fuzz_main`, so it starts libFuzzer's driver itself.

    nonisolated(unsafe) var target = FuzzTarget.json

    /// The process's entry point: picks the target, then hands the command line to libFuzzer.
    @_cdecl("navviz_fuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        let name = getenv("NAVVIZ_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let chosen = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            print("navviz-fuzz: set NAVVIZ_FUZZ_TARGET to one of: \(names)")
            return 64
        }
        target = chosen
        var count = argc
        var arguments = argv
        return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
            let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
            if let problem = target.check(bytes) { fatalError("navviz-fuzz \(target.rawValue): \(problem)") }
            return 0
        }
    }
#else
    /// Without libFuzzer: `navviz-fuzz TARGET FILE...` replays inputs (a corpus, a crash libFuzzer saved)
    /// through the same checks and prints each broken property; exit 1 when one broke.
    @main
    struct Replay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
                let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
                print("usage: navviz-fuzz \(names) FILE...  (replays inputs through the fuzz checks; `make fuzz` fuzzes)")
                exit(64)
            }
            var broken = 0
            for file in arguments.dropFirst() {
                guard let bytes = FileManager.default.contents(atPath: file).map(Array.init) else {
                    print("\(file): cannot read")
                    broken += 1
                    continue
                }
                if let problem = target.check(bytes) {
                    print("\(file): \(problem)")
                    broken += 1
                }
            }
            print("\(arguments.count - 1 - broken) of \(arguments.count - 1) inputs hold every \(target.rawValue) property")
            exit(broken == 0 ? 0 : 1)
        }
    }
#endif
