package dev.quipu.rates.sources;

import io.micronaut.core.annotation.Nullable;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

/**
 * One value as its publisher gave it.
 *
 * @param country     CO, MX, BR, CL, PE or AR
 * @param rate        our rate name (usd_cop, selic, ...)
 * @param value       the number, parsed from the publisher's text
 * @param asOf        the publisher's date of the value (never the fetch time); for a monthly figure the
 *                    last day of its month
 * @param validUntil  last day the value applies, when the publisher says so (TRM over a weekend)
 * @param source      who published it
 * @param sourceUrl   where it was read, without credentials
 * @param fetchedAt   when we read it
 * @param official    false for unofficial quotes (dólar blue) and third-party relays
 * @param period      the month ({@code 2026-04}) of a monthly figure, null for daily values
 * @param description what this value is when it differs from the rate's usual meaning (a monthly average
 *                    standing in for a daily rate), null otherwise
 * @param recording   the bundled recording it was read from ({@code <source id>/<request>/<file>} under
 *                    {@code snapshots/}), null when it was fetched from the publisher
 */
public record Observation(String country, String rate, BigDecimal value, LocalDate asOf,
                          @Nullable LocalDate validUntil, String source, String sourceUrl, Instant fetchedAt,
                          boolean official, @Nullable String period, @Nullable String description,
                          @Nullable String recording) {

    /** A daily value that means what its rate usually means. */
    public Observation(String country, String rate, BigDecimal value, LocalDate asOf, @Nullable LocalDate validUntil,
                       String source, String sourceUrl, Instant fetchedAt, boolean official) {
        this(country, rate, value, asOf, validUntil, source, sourceUrl, fetchedAt, official, null, null, null);
    }

    /** A value as the publisher gave it, fetched from the publisher (no recording). */
    public Observation(String country, String rate, BigDecimal value, LocalDate asOf, @Nullable LocalDate validUntil,
                       String source, String sourceUrl, Instant fetchedAt, boolean official, @Nullable String period,
                       @Nullable String description) {
        this(country, rate, value, asOf, validUntil, source, sourceUrl, fetchedAt, official, period, description, null);
    }

    /** The same value, read from the bundled recording {@code file}. */
    public Observation recordedIn(String file) {
        return new Observation(country, rate, value, asOf, validUntil, source, sourceUrl, fetchedAt, official, period,
                description, file);
    }
}
