package dev.quipu.report.checks;

/** The outcome of one check, as written in JSON. */
public enum CheckResult {
    PASS, FAIL, REVIEW, NOT_APPLICABLE, UNAVAILABLE;

    public String code() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
