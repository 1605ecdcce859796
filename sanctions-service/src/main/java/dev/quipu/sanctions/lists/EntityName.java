package dev.quipu.sanctions.lists;

import io.micronaut.core.annotation.Nullable;

/**
 * One name of an entity as the list gives it.
 *
 * @param full     the name as printed by the list (for OFAC individuals "SURNAME, Given")
 * @param kind     primary name, a.k.a., f.k.a., n.k.a. or the original-script form
 * @param strength WEAK for low-quality aliases (OFAC remark a.k.a.s, UN "Low", EU strong=false,
 *                 UK "Low quality"): they only match exactly
 * @param given    given names when the list separates them, else null
 * @param family   family names when the list separates them, else null
 */
public record EntityName(String full, Kind kind, Strength strength, @Nullable String given, @Nullable String family) {

    public enum Kind { PRIMARY, AKA, FKA, NKA, ORIGINAL_SCRIPT }

    public enum Strength { STRONG, WEAK }

    public static EntityName primary(String full) {
        return new EntityName(full, Kind.PRIMARY, Strength.STRONG, null, null);
    }

    public boolean weak() {
        return strength == Strength.WEAK;
    }
}
