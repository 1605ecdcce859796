package dev.quipu.audit;

import io.micronaut.runtime.Micronaut;

/** Entry point of audit-service. */
public final class AuditApplication {

    private AuditApplication() {
    }

    public static void main(String[] args) {
        Micronaut.run(AuditApplication.class, args);
    }
}
