package dev.quipu.sanctions.matching;

import java.util.List;

/**
 * The result of comparing a query name with one list name: a score in [0, 1] and the alignment
 * that produced it, in the logic-v2 style ("'perez'≈'perez' 1.00 w1.30").
 */
public record NameComparison(double score, List<String> alignment) {
    public static final NameComparison NONE = new NameComparison(0, List.of());
}
