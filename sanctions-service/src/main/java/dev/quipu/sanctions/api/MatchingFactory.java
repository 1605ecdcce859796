package dev.quipu.sanctions.api;

import dev.quipu.sanctions.matching.NameNormalizer;
import dev.quipu.sanctions.matching.Screener;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;

/** The matching classes are plain (testable without Micronaut); this makes them injectable. */
@Factory
public class MatchingFactory {

    @Singleton
    NameNormalizer nameNormalizer() {
        return new NameNormalizer();
    }

    @Singleton
    Screener screener(NameNormalizer normalizer) {
        return new Screener(normalizer);
    }
}
