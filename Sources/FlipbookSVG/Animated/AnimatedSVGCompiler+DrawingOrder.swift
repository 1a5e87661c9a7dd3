extension AnimatedSVGCompiler.Context {
    /// The most drawing orders a layer's children may take before their order is frozen (reported).
    static let drawingOrderLimit = 8

    /// Writes the children of `id`. SVG draws in document order, which SMIL cannot change, so when the
    /// children's drawing order changes over time (zPosition), the children that keep one order among
    /// themselves in every order they take (the longest such list) are written once, and each other
    /// child once for each order, at its place in that order, inside a group shown at the instants that
    /// order holds (a discrete `display` track). Past `drawingOrderLimit` orders, the first order is
    /// written and the report says the drawing order is frozen.
    mutating func writeChildren(of id: String, children: [String: [String]], into out: inout [AnimatedDocument.Element]) {
        guard let orders = childOrders[id] else {
            out += writeNodes(children[id] ?? [], children: children)
            return
        }
        guard orders.count <= Self.drawingOrderLimit else {
            report.append(AnimatedSVG.Entry(element: id, property: "drawing order", encoding: .frozen, keyframes: orders.count,
                                            maxError: 0, unit: ""))
            for child in children[id] ?? [] { writeNode(child, children: children, into: &out) }
            return
        }
        let times = grid
        let orderAt = { (t: Double) -> Int in
            var lo = 0, hi = times.count - 1
            while lo < hi { let mid = (lo + hi + 1) / 2; if times[mid] <= t { lo = mid } else { hi = mid - 1 } }
            return orders.firstIndex { $0.times.contains(times[lo]) } ?? 0
        }
        let common = Self.commonOrder(orders.map(\.ids))
        let fixed = Set(common)
        // gaps[g][k]: the children order k draws after common[g − 1] and before common[g].
        var gaps = [[[String]]](repeating: [[String]](repeating: [], count: orders.count), count: common.count + 1)
        for (k, order) in orders.enumerated() {
            var g = 0
            for child in order.ids {
                if fixed.contains(child) { g += 1 } else { gaps[g][k].append(child) }
            }
        }
        for g in 0...common.count {
            for k in orders.indices where !gaps[g][k].isEmpty {
                var inner: [AnimatedDocument.Element] = []
                for child in gaps[g][k] { writeNode(child, children: children, into: &inner) }
                guard !inner.isEmpty else { continue }
                let (hidden, display) = visibility("\(id) order \(k + 1)", knots: grid) { orderAt($0) == k }
                out.append(AnimatedDocument.Element(.group, attributes: hidden, animations: display, children: inner))
            }
            if g < common.count { writeNode(common[g], children: children, into: &out) }
        }
    }

    /// `order` with the ids of `sequence` it lacks inserted after the id before them in `sequence`,
    /// or nil when the two disagree on the order of ids both hold.
    static func merged(_ order: [String], with sequence: [String]) -> [String]? {
        var position: [String: Int] = [:]
        for (i, id) in order.enumerated() { position[id] = i }
        var last = -1
        for id in sequence {
            guard let i = position[id] else { continue }
            if i < last { return nil }
            last = i
        }
        var out = order
        var previous: String?
        for id in sequence {
            if position[id] == nil {
                let index = previous.flatMap { out.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
                out.insert(id, at: index)
            }
            previous = id
        }
        return out
    }

    /// The drawing orders of a parent's children over `grid` (their order at each instant): each
    /// instant joins the first order it agrees with, or starts one.
    static func drawingOrders(_ byTime: [Double: [String]], grid: [Double]) -> [(ids: [String], times: Set<Double>)] {
        var orders: [(ids: [String], times: Set<Double>)] = []
        for t in grid {
            let sequence = byTime[t] ?? []
            if let k = orders.firstIndex(where: { merged($0.ids, with: sequence) != nil }) {
                orders[k].ids = merged(orders[k].ids, with: sequence)!
                orders[k].times.insert(t)
            } else {
                orders.append((sequence, [t]))
            }
        }
        return orders
    }

    /// The longest list of ids that every order holds in the same relative order (ids are unique in
    /// each): folded order by order, each step the longest increasing run of positions (patience
    /// sorting, n log n).
    static func commonOrder(_ orders: [[String]]) -> [String] {
        guard var common = orders.first else { return [] }
        for order in orders.dropFirst() {
            var position: [String: Int] = [:]
            for (i, id) in order.enumerated() { position[id] = i }
            let present = common.filter { position[$0] != nil }
            let keys = present.map { position[$0]! }
            var tails: [Int] = [], previous = [Int](repeating: -1, count: keys.count)
            for (i, key) in keys.enumerated() {
                var lo = 0, hi = tails.count
                while lo < hi { let mid = (lo + hi) / 2; if keys[tails[mid]] < key { lo = mid + 1 } else { hi = mid } }
                if lo > 0 { previous[i] = tails[lo - 1] }
                if lo == tails.count { tails.append(i) } else { tails[lo] = i }
            }
            var run: [String] = []
            var i = tails.last ?? -1
            while i >= 0 { run.append(present[i]); i = previous[i] }
            common = run.reversed()
        }
        return common
    }
}
