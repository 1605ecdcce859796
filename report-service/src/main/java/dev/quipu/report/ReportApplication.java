package dev.quipu.report;

import io.micronaut.runtime.Micronaut;

/** Entry point of report-service. */
public final class ReportApplication {

    private ReportApplication() {
    }

    public static void main(String[] args) {
        Micronaut.run(ReportApplication.class, args);
    }
}
