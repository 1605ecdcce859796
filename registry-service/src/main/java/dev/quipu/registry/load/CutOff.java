package dev.quipu.registry.load;

import io.micronaut.core.annotation.Nullable;

import java.time.LocalDate;

/**
 * The date a file's data is current to, and how we know it.
 *
 * @param basis e.g. {@code legend "Información actualizada al 30 de noviembre de 2022"}, {@code release folder 2025-12},
 *              {@code newest record date}, {@code declared by the operator}
 */
public record CutOff(@Nullable LocalDate date, @Nullable String basis) {

    public static CutOff unknown() {
        return new CutOff(null, null);
    }

    public boolean known() {
        return date != null;
    }

    /** This cut-off when known, else {@code other}. */
    public CutOff or(CutOff other) {
        return known() ? this : other;
    }
}
