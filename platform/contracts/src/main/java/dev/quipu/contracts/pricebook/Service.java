package dev.quipu.contracts.pricebook;

/**
 * The services of the suite, with the default port each listens on (ARCHITECTURE §2).
 * {@link #moduleName()} is also the Maven module, the database name suffix and the name used in
 * configuration keys such as {@code quipu.gateway.services.sanctions.url}.
 */
public enum Service {
    GATEWAY("gateway", 8080),
    PAYMENT("payment-service", 8081),
    SANCTIONS("sanctions-service", 8082),
    REGISTRY("registry-service", 8083),
    RATES("rates-service", 8084),
    REPORT("report-service", 8085),
    AUDIT("audit-service", 8086),
    REPUTATION("reputation-service", 8087);

    private final String moduleName;
    private final int defaultPort;

    Service(String moduleName, int defaultPort) {
        this.moduleName = moduleName;
        this.defaultPort = defaultPort;
    }

    public String moduleName() {
        return moduleName;
    }

    /** Short name: {@code sanctions} for {@code sanctions-service}. */
    public String shortName() {
        return moduleName.replace("-service", "");
    }

    public int defaultPort() {
        return defaultPort;
    }

    /** The services behind the gateway. */
    public static java.util.List<Service> backends() {
        return java.util.Arrays.stream(values()).filter(s -> s != GATEWAY).toList();
    }
}
