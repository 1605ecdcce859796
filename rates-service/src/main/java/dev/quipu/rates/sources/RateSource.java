package dev.quipu.rates.sources;

import java.time.Instant;
import java.util.List;

/** One official (or fallback) publisher: builds its requests and parses its answers. */
public interface RateSource {

    /** Stable id, also the folder of its bundled recordings (for example {@code banxico-sie}). */
    String id();

    String country();

    /** The rate names this source can give. */
    List<String> rates();

    /**
     * Every observation in the publisher's answer (several days when the answer holds a window,
     * which gives the previous value for FX moves). Days marked as having no data are skipped.
     *
     * @throws UpstreamException when the publisher fails or answers something unreadable
     */
    List<Observation> fetch(Transport transport, Instant fetchedAt);

    /** The settings (environment variables) this source takes credentials from; empty when it needs none. */
    default List<String> credentialSettings() {
        return List.of();
    }

    /** True when the source needs credentials that are not configured: it is then never called. */
    default boolean credentialsMissing() {
        return false;
    }
}
