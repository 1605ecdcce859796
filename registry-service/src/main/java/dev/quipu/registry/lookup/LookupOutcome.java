package dev.quipu.registry.lookup;

import dev.quipu.registry.company.CompanyRecord;

import java.util.List;

/** The answer to one lookup: found, known to no source (404), or not answerable now (503). */
public sealed interface LookupOutcome {

    /** A record, and the names of the data it came from for {@code X-Data-Versions}. */
    record Found(CompanyRecord record) implements LookupOutcome {
    }

    /** @param asked every source asked (datasets loaded and live sources), each with its cut-off or answer */
    record NotFound(List<String> asked) implements LookupOutcome {
    }

    /** @param retryAfterSeconds when to ask again */
    record Unavailable(String reason, long retryAfterSeconds, List<String> failures) implements LookupOutcome {
    }
}
