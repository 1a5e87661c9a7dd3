/// Huffman code lengths limited to a depth, and canonical codes (RFC 1951 §3.2.2).
enum Huffman {
    /// Code lengths for symbol counts: a Huffman tree (two-queue merge of the sorted counts), then,
    /// where a leaf is deeper than `limit`, leaves are clamped to `limit` and the shortest codes
    /// beneath the limit lengthened one by one, least frequent first, until Kraft's sum is at most 1.
    /// At least `minimumCodes` symbols get a code (unused ones are counted as used once), as deflate
    /// decoders expect at least two codes in a tree. Deterministic: ties break by symbol.
    static func lengths(_ counts: [Int], limit: Int, minimumCodes: Int) -> [Int] {
        var counts = counts
        var used = counts.indices.filter { counts[$0] > 0 }
        var fill = 0
        while used.count < min(minimumCodes, counts.count) {
            if counts[fill] == 0 { counts[fill] = 1; used.append(fill) }
            fill += 1
        }
        used.sort { counts[$0] != counts[$1] ? counts[$0] < counts[$1] : $0 < $1 }
        var lengths = [Int](repeating: 0, count: counts.count)
        // Nodes: leaves 0..<m in order of count, then internal nodes as merged (their weights rise,
        // so the second queue stays sorted).
        let m = used.count
        var weight = used.map { counts[$0] }, parent = [Int](repeating: -1, count: 2 * m - 1)
        weight.reserveCapacity(2 * m - 1)
        var leaf = 0, inner = m
        func take() -> Int {
            if leaf < m && (inner >= weight.count || weight[leaf] <= weight[inner]) { leaf += 1; return leaf - 1 }
            inner += 1
            return inner - 1
        }
        while weight.count < 2 * m - 1 {
            let a = take(), b = take()
            parent[a] = weight.count
            parent[b] = weight.count
            weight.append(weight[a] + weight[b])
        }
        var depth = [Int](repeating: 0, count: 2 * m - 1)
        for node in stride(from: 2 * m - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        for k in 0..<m { lengths[used[k]] = depth[k] }
        if lengths.max()! > limit {
            for s in used where lengths[s] > limit { lengths[s] = limit }
            var kraft = used.reduce(0) { $0 + (1 << (limit - lengths[$1])) }
            // Lengthen the deepest codes still under the limit, least frequent first, until the sum
            // fits; then shorten codes where the slack allows, most frequent first, until the code is
            // complete again (zlib's inflate refuses an incomplete set of codes).
            while kraft > 1 << limit {
                let s = used.filter { lengths[$0] < limit }.max { lengths[$0] != lengths[$1] ? lengths[$0] < lengths[$1] : counts[$0] > counts[$1] }!
                kraft -= 1 << (limit - lengths[s] - 1)
                lengths[s] += 1
            }
            while kraft < 1 << limit {
                let slack = (1 << limit) - kraft
                let s = used.filter { lengths[$0] > 1 && 1 << (limit - lengths[$0]) <= slack }
                    .max { lengths[$0] != lengths[$1] ? lengths[$0] < lengths[$1] : counts[$0] < counts[$1] }!
                kraft += 1 << (limit - lengths[s])
                lengths[s] -= 1
            }
        }
        return lengths
    }

    /// Canonical codes for `lengths`, bit-reversed for writing least significant bit first.
    static func codes(_ lengths: [Int]) -> [UInt64] {
        let maxLength = lengths.max() ?? 0
        var countOf = [Int](repeating: 0, count: maxLength + 1)
        for l in lengths where l > 0 { countOf[l] += 1 }
        var next = [Int](repeating: 0, count: maxLength + 2)
        var code = 0
        for bits in 1...max(maxLength, 1) {
            code = (code + (bits - 1 < countOf.count ? countOf[bits - 1] : 0)) << 1
            next[bits] = code
        }
        return lengths.map { l in
            guard l > 0 else { return 0 }
            let c = next[l]
            next[l] += 1
            var reversed: UInt64 = 0
            for i in 0..<l { reversed |= UInt64((c >> i) & 1) << UInt64(l - 1 - i) }
            return reversed
        }
    }
}
