package dev.quipu.runtime;

import jakarta.inject.Singleton;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.UUID;

/** RFC 9562 version-7 UUIDs: time-ordered, so event ids sort by creation. */
@Singleton
public class UuidV7 {

    private final SecureRandom random = new SecureRandom();
    private final Clock clock;

    public UuidV7() {
        this(Clock.systemUTC());
    }

    public UuidV7(Clock clock) {
        this.clock = clock;
    }

    public UUID next() {
        long millis = clock.millis();
        long msb = (millis << 16) | 0x7000L | (random.nextInt() & 0x0FFFL);
        long lsb = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(msb, lsb);
    }
}
