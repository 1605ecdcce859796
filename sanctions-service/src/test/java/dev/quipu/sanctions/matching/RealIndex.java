package dev.quipu.sanctions.matching;

import dev.quipu.sanctions.lists.BundledLists;

/** The index over the real bundled lists, built once per test JVM (it is immutable). */
public final class RealIndex {
    public static final NameNormalizer NORMALIZER = new NameNormalizer();
    public static final ScreeningIndex INDEX;

    static {
        BundledLists bundled = new BundledLists();
        INDEX = ScreeningIndex.build(bundled.load(), NORMALIZER);
    }

    private RealIndex() {
    }
}
