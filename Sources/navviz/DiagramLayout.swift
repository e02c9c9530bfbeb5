import Foundation
import NavVizRender
import NavVizServer

/// The SVG of a render's diagrams, laid out before any file is assembled: each distinct DOT once, from the
/// cache when a valid entry holds it, else by a `LayoutLane` in this process (from the moment the plan makes the DOT)
/// and, when enough are left once the plan is done, `jobs - 1` worker processes beside it (libgvc is not thread-safe;
/// the daemon's worker pool does the work). The SVG of a DOT is the same whichever path made it.
struct DiagramLayout {
    private var svgs: [TextKey: TextKey] = [:]

    /// The cache for `metrics`, in the default folder (none without a home folder).
    static func cache(metrics: TextMetrics) -> DiagramCache? {
        DiagramCache.defaultDirectory().map {
            DiagramCache(
                directory: $0, graphvizVersion: GraphvizRenderer.shared.graphvizVersion, metrics: metrics,
                fonts: metrics == .fonts ? DiagramCache.fontFingerprint() : "")
        }
    }

    /// Each distinct DOT text and the SVG found for it or laid out, as `options` say (`check` and `diff -o`, whose
    /// diagrams are all known at once).
    init(dots: [TextKey], metrics: TextMetrics, options: LayoutOptions, progress: ProgressLine = ProgressLine()) throws(CommandFailure) {
        guard !dots.isEmpty else {
            self.init(metrics: metrics)
            return
        }
        let lane = LayoutLane(metrics: metrics, options: options)
        // Reading and checking entries is most of a warm render: on every core.
        _ = Parallel.map(dots) { lane.submit($0) }
        try self.init(lane, options: options, progress: progress)
    }

    /// What `lane` was handed, each laid out or found: the lane lays out what is left in this process, or, when enough is
    /// left to pay for starting them, shares it with worker processes.
    init(_ lane: LayoutLane, options: LayoutOptions, progress: ProgressLine = ProgressLine()) throws(CommandFailure) {
        metrics = lane.metrics
        let jobs = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        // A worker costs a process start and a Graphviz context, some sixty layouts of wall clock while the plan's threads
        // hold both cores, so with k workers N layouts take N / (k + 1) + 60k: the k-th pays for itself from 60 k (k + 1)
        // layouts on (120 for the first: make bench's 50-step render, some 70 left after its plan, was 23% slower with one
        // than with --jobs 1, and 200 and 800 steps ran alike either way). A few diagrams, the usual re-render after an edit,
        // are laid out by the lane alone.
        let left = lane.close(progress: progress) { remaining in
            var workers = 0
            while workers < jobs - 1, Self.workerCost * (workers + 1) * (workers + 2) <= remaining { workers += 1 }
            return workers
        }
        var laidOut: [TextKey: Result<TextKey, LayoutFailure>] = [:]
        if let (keys, workers) = left {
            let pool = WorkerPoolRenderer(
                command: [NavVizCommand.Serve.executablePath, "serve", "--render-worker"], workers: workers, recycleAfter: 500)
            let metrics = lane.metrics
            let rendered = pool.renderAll(
                keys.map(\.text), metrics: metrics,
                inProcess: { dot in
                    do throws(RenderError) {
                        return .success(try GraphvizRenderer.shared.renderSync(dot: dot, metrics: metrics))
                    } catch {
                        return .failure(.renderFailed(error))
                    }
                }
            ) { _ in lane.countOne() }
            pool.stopAll()
            for (key, result) in zip(keys, rendered) {
                laidOut[key] = result.map(TextKey.init).mapError { LayoutFailure(description: $0.description) }
            }
        }
        let (found, byLane, missing, cache) = lane.results()
        progress.finish()
        laidOut.merge(byLane) { $1 }
        // The first failure of the largest first, as the order the keys came in depends on the threads of the plan.
        let failed = laidOut.compactMap { key, result -> (key: TextKey, error: LayoutFailure)? in
            guard case .failure(let error) = result else { return nil }
            return (key, error)
        }.min { ($0.key.text.utf8.count, $1.key.text) > ($1.key.text.utf8.count, $0.key.text) }
        if let failed {
            throw CommandFailure(message: "cannot render: \(failed.error.description)", code: CommandFailure.failed)
        }
        svgs = found
        for (key, result) in laidOut { if case .success(let svg) = result { svgs[key] = svg } }
        if let cache {
            for key in missing { cache.store(key, svg: svgs[key]!) }
            // Only a store can take the folder over its bound.
            if !missing.isEmpty { cache.trim() }
        }
    }

    /// A layout holding nothing yet: `svg(_:)` lays each diagram out in this process when asked.
    init(metrics: TextMetrics) { self.metrics = metrics }

    /// What starting a worker costs, in layouts.
    static let workerCost = 60

    private let metrics: TextMetrics

    /// The SVG of a DOT text this layout was made with (laid out now if it was not).
    func svg(_ key: TextKey) throws(RenderError) -> TextKey {
        guard let svg = svgs[key] else { return TextKey(try GraphvizRenderer.shared.renderSync(dot: key.text, metrics: metrics)) }
        return svg
    }
}

/// Why a diagram could not be laid out, as the error says it.
struct LayoutFailure: Error {
    let description: String
}

/// Lays out DOT in this process, on a thread of its own, from the moment a render's plan makes it: while the plan is
/// still built on every core, the diagrams it made first are laid out (the flow, the largest of a long run, among
/// them), and Graphviz starts (its context, the fonts) there too, where each waited for the whole plan before (a 50-step
/// render spent 25 ms planning on two cores, then 65 ms laying out on one). Each DOT is looked up in the cache on the
/// thread that hands it in, so a warm render's lookups stay on every core.
final class LayoutLane: @unchecked Sendable {
    /// The text metrics of every layout.
    let metrics: TextMetrics
    private let condition = NSCondition()
    private let finished = DispatchSemaphore(value: 0)
    // Guarded by `condition`.
    /// The cache once the lane opened it (nil inside: no cache); nil until then.
    private var cache: DiagramCache??
    /// Whether the keys handed in before the cache was open are sorted, found or queued.
    private var opened = false
    private var seen = Set<TextKey>()
    private var unchecked: [TextKey] = []
    /// The keys no cache entry holds, in the order they came; the lane lays them out from `next` on.
    private var missing: [TextKey] = []
    private var next = 0
    private var found: [TextKey: TextKey] = [:]
    private var laidOut: [TextKey: Result<TextKey, LayoutFailure>] = [:]
    /// No more keys come: the lane ends when its queue is empty.
    private var closed = false
    /// The lane ends after the layout it is doing (worker processes take the rest).
    private var stopping = false
    /// The progress line and the count shown on it, once the plan is done and the count known.
    private var progress: ProgressLine?
    private var done = 0

    /// A lane for `metrics` that uses the cache unless `options` say `--no-cache`: it starts now, opening the cache (the
    /// font fingerprint is a layout: Graphviz starts here) and then laying out each key handed in that the cache lacks.
    init(metrics: TextMetrics, options: LayoutOptions) {
        self.metrics = metrics
        let usesCache = !options.noCache
        LargeStack.start(name: "navviz layout") { [self] in
            let opened = usesCache ? DiagramLayout.cache(metrics: metrics) : nil
            let waiting = condition.withLock {
                cache = .some(opened)
                defer { unchecked = [] }
                return unchecked
            }
            for key in waiting { sort(key, in: opened) }
            condition.withLock {
                self.opened = true
                condition.broadcast()
            }
            drain()
            finished.signal()
        }
    }

    /// Hands in a DOT text to lay out (from any thread; again, it is ignored).
    func submit(_ key: TextKey) {
        let open: DiagramCache?? = condition.withLock {
            guard seen.insert(key).inserted else { return nil }
            guard let cache else {
                unchecked.append(key)
                return nil
            }
            return .some(cache)
        }
        if let open { sort(key, in: open) }
    }

    /// Keeps the cache's SVG for `key`, or queues it for the lane.
    private func sort(_ key: TextKey, in cache: DiagramCache?) {
        let svg = cache?.lookup(key)
        condition.withLock {
            if let svg {
                found[key] = svg
            } else {
                missing.append(key)
                condition.signal()
            }
        }
    }

    private func drain() {
        while true {
            condition.lock()
            while next == missing.count, !closed, !stopping { condition.wait() }
            guard !stopping, next < missing.count else {
                condition.unlock()
                return
            }
            let key = missing[next]
            next += 1
            condition.unlock()
            let result: Result<TextKey, LayoutFailure>
            do throws(RenderError) {
                result = .success(TextKey(try GraphvizRenderer.shared.renderSync(dot: key.text, metrics: metrics)))
            } catch {
                result = .failure(LayoutFailure(description: error.description))
            }
            condition.withLock { laidOut[key] = result }
            countOne()
        }
    }

    /// Counts a layout done on the progress line.
    func countOne() {
        condition.withLock {
            done += 1
            progress?.update(done - 1, missing.count, "laying out")
        }
    }

    /// Ends the hand-in (the plan is done): shows the progress from here on, and asks `workers` how many worker processes
    /// the keys not laid out yet are worth. With none, the lane lays them out and nil is returned; else the lane stops
    /// after the one it is on, and the rest are returned (the largest first: the last to finish is then a small one, not
    /// one worker's long tail while the others idle) with that count.
    func close(progress: ProgressLine, workers: (Int) -> Int) -> (keys: [TextKey], workers: Int)? {
        condition.withLock {
            closed = true
            condition.broadcast()
            while !opened { condition.wait() }
            self.progress = progress
            // The stage said once at least, those laid out while the plan was made counted: a render whose layouts all ended
            // before its plan showed no `laying out` (a test on a loaded machine).
            if done > 0 { progress.update(done - 1, missing.count, "laying out") }
            let count = workers(missing.count - next)
            guard count > 0 else { return nil }
            stopping = true
            defer { next = missing.count }
            return (
                missing[next...].enumerated().sorted {
                    ($0.element.text.utf8.count, $1.offset) > ($1.element.text.utf8.count, $0.offset)
                }.map(\.element), count
            )
        }
    }

    /// Once `close` was called and what it returned is laid out: waits for the lane to end, and returns what the cache
    /// held, what the lane laid out, every key the cache lacked, and the cache.
    func results() -> (
        found: [TextKey: TextKey], laidOut: [TextKey: Result<TextKey, LayoutFailure>], missing: [TextKey], cache: DiagramCache?
    ) {
        finished.wait()
        return condition.withLock { (found, laidOut, missing, cache ?? nil) }
    }
}
