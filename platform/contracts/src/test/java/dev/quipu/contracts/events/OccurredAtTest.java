package dev.quipu.contracts.events;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one form of {@code occurred_at}, exercised with the real clock (which has nanoseconds on Linux). */
class OccurredAtTest {

    @Test
    void theRealClockIsStampedAtMicrosecondsWithSixDigits() {
        for (int i = 0; i < 1000; i++) {
            Instant now = Instant.now();
            String text = CallCompleted.canonicalInstant(now);
            assertTrue(text.matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z"), text);
            Instant back = Instant.parse(text);
            assertEquals(now.truncatedTo(ChronoUnit.MICROS), back, "truncated, never rounded up");
            assertEquals(text, CallCompleted.canonicalInstant(back), "the text round-trips exactly");
            assertTrue(CallCompleted.isCanonicalInstant(text), text);
        }
    }

    @Test
    void nanosecondsAreTruncatedAndWholeSecondsKeepSixZeros() {
        assertEquals("2026-11-24T03:55:16.208837Z",
                CallCompleted.canonicalInstant(Instant.parse("2026-11-24T03:55:16.208837613Z")));
        assertEquals("2025-01-15T14:30:00.000000Z", CallCompleted.canonicalInstant(Instant.parse("2025-01-15T14:30:00Z")));
        assertEquals("2025-01-15T14:30:00.120000Z", CallCompleted.canonicalInstant(Instant.parse("2025-01-15T14:30:00.12Z")));
    }

    @Test
    void onlyTheCanonicalSpellingIsCanonical() {
        assertTrue(CallCompleted.isCanonicalInstant("2026-11-24T03:55:16.208837Z"));
        assertFalse(CallCompleted.isCanonicalInstant("2026-11-24T03:55:16.208837613Z"), "nanoseconds");
        assertFalse(CallCompleted.isCanonicalInstant("2026-11-24T03:55:16.208Z"), "milliseconds");
        assertFalse(CallCompleted.isCanonicalInstant("2025-01-15T14:30:00Z"), "no fraction");
        assertFalse(CallCompleted.isCanonicalInstant("2025-01-15T14:30:00.000000+00:00"), "an offset");
        assertFalse(CallCompleted.isCanonicalInstant("yesterday"));
        assertFalse(CallCompleted.isCanonicalInstant(null));
    }

    @Test
    void anEventStampedElsewhereIsBroughtToTheCanonicalForm() {
        CallCompleted nanos = new CallCompleted("e", Instant.now().toString(), "rates", "POST /rates", "a", null, "trial",
                "0.02", 0, null, 200, 1, null, null, Map.of());
        CallCompleted canonical = nanos.withCanonicalOccurredAt();
        assertTrue(CallCompleted.isCanonicalInstant(canonical.occurredAt()), canonical.occurredAt());
        assertEquals(Instant.parse(nanos.occurredAt()).truncatedTo(ChronoUnit.MICROS), Instant.parse(canonical.occurredAt()));
        assertSame(canonical, canonical.withCanonicalOccurredAt());
    }
}
