package dev.quipu.devstack;

import dev.quipu.contracts.pricebook.Service;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;

/**
 * Where the devstack keeps its state, which ports it uses and which services it starts.
 *
 * <p>Every setting can be given as an environment variable ({@code QUIPU_KAFKA_PORT}) or as a system
 * property with the same name in lower case and dots ({@code -Dquipu.kafka.port}); the system
 * property wins. A port of 0 means "any free port", which is what tests use.
 *
 * @param baseDir             state directory: {@code data/}, {@code logs/}, {@code run/} (default {@code .quipu})
 * @param repoRoot            repository root, where {@code <module>/target/<module>-<version>.jar} are found
 * @param kafkaPort           broker client port (default 19092)
 * @param kafkaControllerPort KRaft controller port (default 19093)
 * @param postgresPort        PostgreSQL port (default 15432)
 * @param servicePorts        HTTP port of every service (defaults of {@link Service#defaultPort()})
 * @param services            services to start, in start order (default all)
 * @param readyTimeout        how long to wait for every {@code /health} to answer 200
 * @param javaOptions         JVM options of every service process
 * @param extraEnvironment    additional environment variables per service, on top of the computed ones
 * @param classDataSharing    keep a class-data archive per service jar in {@code cds/} so that restarts
 *                            are faster (on for {@code ./quipu up}, {@code QUIPU_CDS=false} turns it off;
 *                            off by default for tests, which start from fresh jars)
 */
public record DevStackConfig(Path baseDir, Path repoRoot, int kafkaPort, int kafkaControllerPort, int postgresPort,
                             Map<Service, Integer> servicePorts, List<Service> services, Duration readyTimeout,
                             List<String> javaOptions, Map<Service, Map<String, String>> extraEnvironment,
                             boolean classDataSharing) {

    public static final int DEFAULT_KAFKA_PORT = 19092;
    public static final int DEFAULT_KAFKA_CONTROLLER_PORT = 19093;
    public static final int DEFAULT_POSTGRES_PORT = 15432;
    public static final Duration DEFAULT_READY_TIMEOUT = Duration.ofSeconds(180);

    /**
     * JVM options of the service processes, chosen by measuring the time until the whole suite is
     * healthy on 2 cores (docs/benchmarks.md, "Startup"): eight JVMs start at once, so the cheap C1
     * compiler and the serial collector leave more of the two cores to the applications themselves.
     */
    public static final List<String> DEFAULT_JAVA_OPTIONS = List.of(
            "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k", "-XX:+ExitOnOutOfMemoryError");

    public DevStackConfig {
        servicePorts = Map.copyOf(servicePorts);
        services = List.copyOf(services);
        javaOptions = List.copyOf(javaOptions);
        Map<Service, Map<String, String>> env = new EnumMap<>(Service.class);
        extraEnvironment.forEach((s, vars) -> env.put(s, Map.copyOf(vars)));
        extraEnvironment = Map.copyOf(env);
        for (Service s : Service.values()) {
            if (!servicePorts.containsKey(s)) {
                throw new IllegalArgumentException("no port for " + s.moduleName());
            }
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Settings from environment variables and system properties (system properties win). */
    public static DevStackConfig fromEnvironment(Map<String, String> env, Properties systemProperties) {
        Function<String, String> setting = name -> {
            String property = name.toLowerCase(Locale.ROOT).replace('_', '.');
            String value = systemProperties.getProperty(property);
            if (value == null || value.isBlank()) {
                value = env.get(name);
            }
            return value == null || value.isBlank() ? null : value.trim();
        };
        Builder b = builder();
        if (setting.apply("QUIPU_HOME") != null) {
            b.baseDir(Path.of(setting.apply("QUIPU_HOME")));
        }
        if (setting.apply("QUIPU_REPO_ROOT") != null) {
            b.repoRoot(Path.of(setting.apply("QUIPU_REPO_ROOT")));
        }
        b.kafkaPort(port(setting, "QUIPU_KAFKA_PORT", DEFAULT_KAFKA_PORT));
        b.kafkaControllerPort(port(setting, "QUIPU_KAFKA_CONTROLLER_PORT", DEFAULT_KAFKA_CONTROLLER_PORT));
        b.postgresPort(port(setting, "QUIPU_POSTGRES_PORT", DEFAULT_POSTGRES_PORT));
        for (Service s : Service.values()) {
            b.servicePort(s, port(setting, portVariable(s), s.defaultPort()));
        }
        String services = setting.apply("QUIPU_SERVICES");
        if (services != null) {
            b.services(parseServices(services));
        }
        String timeout = setting.apply("QUIPU_READY_TIMEOUT_SECONDS");
        if (timeout != null) {
            b.readyTimeout(Duration.ofSeconds(number("QUIPU_READY_TIMEOUT_SECONDS", timeout)));
        }
        String javaOptions = setting.apply("QUIPU_SERVICE_JAVA_OPTS");
        if (javaOptions != null) {
            b.javaOptions(Arrays.asList(javaOptions.split("\\s+")));
        }
        b.classDataSharing(!"false".equalsIgnoreCase(setting.apply("QUIPU_CDS")));
        return b.build();
    }

    /** The variable that sets the port of {@code service}: {@code QUIPU_SANCTIONS_PORT}, {@code QUIPU_GATEWAY_PORT}. */
    public static String portVariable(Service service) {
        return "QUIPU_" + service.shortName().toUpperCase(Locale.ROOT) + "_PORT";
    }

    /** Services named by short or module name, comma separated: {@code gateway,sanctions,rates-service}. */
    public static List<Service> parseServices(String names) {
        List<Service> out = new ArrayList<>();
        for (String raw : names.split(",")) {
            String name = raw.trim().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            Service match = Arrays.stream(Service.values())
                    .filter(s -> s.shortName().equals(name) || s.moduleName().equals(name))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown service '" + raw.trim()
                            + "' in QUIPU_SERVICES; known: " + Arrays.stream(Service.values()).map(Service::shortName).toList()));
            if (!out.contains(match)) {
                out.add(match);
            }
        }
        return out;
    }

    /** The version of the service jars, the same as this module's. */
    public static String suiteVersion() {
        Properties p = new Properties();
        try (InputStream in = DevStackConfig.class.getResourceAsStream("devstack.properties")) {
            if (in == null) {
                throw new IllegalStateException("devstack.properties missing from the devstack jar");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("version");
    }

    public Path dataDir() {
        return baseDir.resolve("data");
    }

    public Path logDir() {
        return baseDir.resolve("logs");
    }

    /** Pid files and the ready marker of a running devstack. */
    public Path runDir() {
        return baseDir.resolve("run");
    }

    /** Class-data archives of the service jars. */
    public Path cdsDir() {
        return baseDir.resolve("cds");
    }

    public Path jarOf(Service service) {
        String module = service.moduleName();
        return repoRoot.resolve(module).resolve("target").resolve(module + "-" + suiteVersion() + ".jar");
    }

    public int port(Service service) {
        return servicePorts.get(service);
    }

    private static int port(Function<String, String> setting, String name, int fallback) {
        String value = setting.apply(name);
        if (value == null) {
            return fallback;
        }
        int port = number(name, value);
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(name + " must be a port between 0 and 65535, got " + value);
        }
        return port;
    }

    private static int number(String name, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, got '" + value + "'");
        }
    }

    /** Fluent construction, mainly for tests: {@code DevStackConfig.builder().baseDir(tmp).randomPorts().build()}. */
    public static final class Builder {
        private Path baseDir = Path.of(".quipu");
        private Path repoRoot = Path.of(".");
        private int kafkaPort = DEFAULT_KAFKA_PORT;
        private int kafkaControllerPort = DEFAULT_KAFKA_CONTROLLER_PORT;
        private int postgresPort = DEFAULT_POSTGRES_PORT;
        private final Map<Service, Integer> servicePorts = new EnumMap<>(Service.class);
        private List<Service> services = List.of(Service.values());
        private Duration readyTimeout = DEFAULT_READY_TIMEOUT;
        private List<String> javaOptions = DEFAULT_JAVA_OPTIONS;
        private final Map<Service, Map<String, String>> extraEnvironment = new EnumMap<>(Service.class);
        private boolean classDataSharing;

        private Builder() {
            for (Service s : Service.values()) {
                servicePorts.put(s, s.defaultPort());
            }
        }

        public Builder baseDir(Path baseDir) {
            this.baseDir = baseDir;
            return this;
        }

        public Builder repoRoot(Path repoRoot) {
            this.repoRoot = repoRoot;
            return this;
        }

        public Builder kafkaPort(int port) {
            this.kafkaPort = port;
            return this;
        }

        public Builder kafkaControllerPort(int port) {
            this.kafkaControllerPort = port;
            return this;
        }

        public Builder postgresPort(int port) {
            this.postgresPort = port;
            return this;
        }

        public Builder servicePort(Service service, int port) {
            servicePorts.put(service, port);
            return this;
        }

        /** Every port 0: the broker, the database and each service take a free port when started. */
        public Builder randomPorts() {
            kafkaPort = 0;
            kafkaControllerPort = 0;
            postgresPort = 0;
            servicePorts.replaceAll((s, p) -> 0);
            return this;
        }

        public Builder services(List<Service> services) {
            this.services = services;
            return this;
        }

        public Builder readyTimeout(Duration readyTimeout) {
            this.readyTimeout = readyTimeout;
            return this;
        }

        public Builder javaOptions(List<String> javaOptions) {
            this.javaOptions = javaOptions;
            return this;
        }

        public Builder environment(Service service, String name, String value) {
            extraEnvironment.computeIfAbsent(service, s -> new LinkedHashMap<>()).put(name, value);
            return this;
        }

        public Builder classDataSharing(boolean enabled) {
            this.classDataSharing = enabled;
            return this;
        }

        public DevStackConfig build() {
            return new DevStackConfig(baseDir.toAbsolutePath().normalize(), repoRoot.toAbsolutePath().normalize(),
                    kafkaPort, kafkaControllerPort, postgresPort, servicePorts, services, readyTimeout, javaOptions,
                    extraEnvironment, classDataSharing);
        }
    }
}
