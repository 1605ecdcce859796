package dev.quipu.sanctions.matching;

import dev.quipu.sanctions.lists.BundledLists;

/** The index over the real bundled lists, built once per test JVM (it is immutable). */
final class RealIndex {
    static final NameNormalizer NORMALIZER = new NameNormalizer();
    static final ScreeningIndex INDEX;

    static {
        BundledLists bundled = new BundledLists();
        INDEX = ScreeningIndex.build(bundled.load(), bundled.tickerWallets(), NORMALIZER);
    }

    private RealIndex() {
    }
}
