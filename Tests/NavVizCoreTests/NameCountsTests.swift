import Testing

@testable import NavVizCore

/// The id counters every step's hierarchy copy carries: shared between copies, so memory stays linear.
@Suite struct NameCountsTests {
    @Test func countsReadBackAcrossFreezes() {
        var counts = NameCounts()
        for i in 0..<1000 { counts["Screen\(i)"] = i + 1 }
        #expect((0..<1000).allSatisfy { counts["Screen\($0)"] == $0 + 1 })
        #expect(counts["Other"] == nil)
        counts["Screen3"] = 40  // a newer value wins over a frozen one
        #expect(counts["Screen3"] == 40)
        // A rollback removing a name hides it even once frozen.
        counts["Screen5"] = nil
        for i in 1000..<1100 { counts["Screen\(i)"] = 1 }
        #expect(counts["Screen5"] == nil)
    }

    @Test func aCopyHoldsFewEntriesOfItsOwn() {
        var counts = NameCounts()
        var copies: [NameCounts] = []
        for i in 0..<10_000 {
            counts["Screen\(i)"] = 1
            copies.append(counts)
        }
        // Binary-counter merging: about log₂(10,000 / 32) tables, and a small unshared part per copy.
        #expect(counts.frozenTables <= 12)
        #expect(copies.allSatisfy { $0.unsharedEntries <= 33 })
        #expect(copies[4_999]["Screen4999"] == 1 && copies[4_999]["Screen5000"] == nil)
    }

    @Test func equalityIsByContent() {
        var a = NameCounts()
        var b = NameCounts()
        for i in 0..<100 { a["N\(i)"] = 1 }
        for i in (0..<100).reversed() { b["N\(i)"] = 1 }
        #expect(a == b)
        b["N7"] = 2
        #expect(a != b)
    }

    @Test func idsAreNotReusedAfterThousandsOfNames() throws {
        var sim = try Simulator(root: .navigation([.screen("Home")]))
        for i in 0..<500 {
            #expect(sim.perform(.push(.screen("S\(i)"))).status == .ok)
            #expect(sim.perform(.pop()).status == .ok)
        }
        #expect(sim.perform(.push(.screen("S7"))).status == .ok)
        #expect(sim.visible == "S7#2")
    }
}
