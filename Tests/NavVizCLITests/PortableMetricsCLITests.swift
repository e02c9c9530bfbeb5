import Foundation
import Testing

/// `--portable-metrics` end to end: the same SVG whatever fonts the machine has.
///
/// A second machine is simulated with fontconfig: `FONTCONFIG_FILE` points at a configuration that
/// sees no fonts at all. With the installed fonts, text widths (and so the layout) change; with
/// the portable metrics (Arial's widths compiled into navviz), the SVG is byte for byte the same.
@Suite struct PortableMetricsCLITests {
    /// A fontconfig configuration with no font folders, and its cache in the same temporary folder.
    static func noFonts(in folder: URL) throws -> String {
        let file = folder.appendingPathComponent("no-fonts.conf")
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig><cachedir>\(folder.appendingPathComponent("fc-cache").path)</cachedir></fontconfig>

            """
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    static func render(_ folder: ScenarioFolder, output: String, portable: Bool, fontconfig: String?) throws -> [String: String] {
        var arguments = ["render", "shop.json", "-o", output, "--only", "transitions"]
        if portable { arguments.append("--portable-metrics") }
        let result = try navviz(arguments, in: folder.url, environment: ["FONTCONFIG_FILE": fontconfig])
        #expect(result.status == 0, "\(result.stderr)")
        let transitions = folder.url.appendingPathComponent("\(output)/shop/transitions")
        var svgs: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: transitions.path) where name.hasSuffix(".svg") {
            svgs[name] = try String(contentsOf: transitions.appendingPathComponent(name), encoding: .utf8)
        }
        return svgs
    }

    @Test func portableMetricsGiveTheSameSVGWhateverTheFonts() throws {
        let folder = try ScenarioFolder(["shop.json": ReviewScenario.inserted])
        let noFonts = try Self.noFonts(in: folder.url)
        let portable = try Self.render(folder, output: "a", portable: true, fontconfig: nil)
        let portableWithoutFonts = try Self.render(folder, output: "b", portable: true, fontconfig: noFonts)
        let fonts = try Self.render(folder, output: "c", portable: false, fontconfig: nil)
        let withoutFonts = try Self.render(folder, output: "d", portable: false, fontconfig: noFonts)
        #expect(portable.count == 4)
        #expect(portable == portableWithoutFonts)
        #expect(fonts != withoutFonts)
        #expect(fonts != portable)
    }

    @Test func diffAndCheckTakeTheFlag() throws {
        let folder = try ScenarioFolder(["old.json": ReviewScenario.base, "new.json": ReviewScenario.inserted])
        let noFonts = try Self.noFonts(in: folder.url)
        #expect(try navviz(["diff", "old.json", "new.json", "-o", "a", "--portable-metrics"], in: folder.url).status == 1)
        #expect(
            try navviz(
                ["diff", "old.json", "new.json", "-o", "b", "--portable-metrics"], in: folder.url, environment: ["FONTCONFIG_FILE": noFonts]
            ).status == 1)
        #expect(try read("a/002-push.svg", in: folder.url) == (try read("b/002-push.svg", in: folder.url)))

        #expect(try navviz(["check", "old.json", "--golden", "golden", "--record"], in: folder.url).status == 0)
        try ReviewScenario.changed.write(to: folder.url.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        #expect(
            try navviz(["check", "old.json", "--golden", "golden", "--artifacts", "x", "--portable-metrics"], in: folder.url).status == 1)
        #expect(
            try navviz(
                ["check", "old.json", "--golden", "golden", "--artifacts", "y", "--portable-metrics"], in: folder.url,
                environment: ["FONTCONFIG_FILE": noFonts]
            ).status == 1)
        #expect(try read("x/old/states/001-push.diff.svg", in: folder.url) == (try read("y/old/states/001-push.diff.svg", in: folder.url)))
    }
}
