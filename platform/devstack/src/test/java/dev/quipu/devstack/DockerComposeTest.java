package dev.quipu.devstack;

import dev.quipu.contracts.events.Topics;
import dev.quipu.contracts.pricebook.Service;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No Docker engine runs where the suite is built, so docker-compose.yml cannot be started here. This
 * test keeps it honest instead: it discovers the service modules from the root pom and the
 * environment variables each one reads from its {@code application.yml} placeholders, and fails when
 * compose is missing any of them.
 */
class DockerComposeTest {

    /** {@code ${NAME}} or {@code ${NAME:default}} with an environment-variable style name. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{\\s*([A-Z][A-Z0-9_]*)\\s*[:}]");
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

    private static Path root;
    private static Map<String, Object> compose;
    private static Map<String, Object> services;

    @BeforeAll
    static void readCompose() throws IOException {
        root = repositoryRoot();
        Yaml yaml = new Yaml(new SafeConstructor(new LoaderOptions()));
        compose = yaml.load(Files.readString(root.resolve("docker-compose.yml")));
        services = map(compose.get("services"), "services");
    }

    /** Every reactor module with an application.yml is a service that compose must run. */
    static List<String> serviceModules() throws IOException {
        String pom = Files.readString(repositoryRoot().resolve("pom.xml"));
        List<String> modules = new ArrayList<>();
        Matcher m = MODULE.matcher(pom);
        while (m.find()) {
            String module = m.group(1).trim();
            if (Files.isRegularFile(repositoryRoot().resolve(module).resolve("src/main/resources/application.yml"))) {
                modules.add(module);
            }
        }
        return modules;
    }

    static Set<String> placeholders(Path applicationYml) throws IOException {
        Set<String> names = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(Files.readString(applicationYml));
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    @Test
    void theModulesFoundAreExactlyTheServicesOfThePriceBook() throws IOException {
        List<String> expected = Stream.of(Service.values()).map(Service::moduleName).sorted().toList();
        assertEquals(expected, serviceModules().stream().sorted().toList());
    }

    @TestFactory
    Stream<DynamicTest> everyServiceModuleRunsWithEveryVariableItsConfigurationReads() throws IOException {
        return serviceModules().stream().map(module -> DynamicTest.dynamicTest(module, () -> {
            Map<String, Object> service = map(services.get(module), "services." + module + " (missing from docker-compose.yml)");
            Map<String, String> env = environment(service.get("environment"), module);
            Set<String> read = placeholders(root.resolve(module).resolve("src/main/resources/application.yml"));
            assertFalse(read.isEmpty(), module + " reads no variable at all?");
            Set<String> missing = new TreeSet<>(read);
            missing.removeAll(env.keySet());
            assertTrue(missing.isEmpty(), "docker-compose.yml service " + module + " lacks " + missing
                    + " (read by " + module + "/src/main/resources/application.yml)");
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyServiceIsBuiltFromItsJarListensOnItsPortAndIsHealthChecked() {
        return Stream.of(Service.values()).map(s -> DynamicTest.dynamicTest(s.moduleName(), () -> {
            Map<String, Object> service = map(services.get(s.moduleName()), s.moduleName());
            Map<String, Object> build = map(service.get("build"), s.moduleName() + ".build");
            assertEquals("Dockerfile", build.get("dockerfile"));
            assertEquals(s.moduleName(), map(build.get("args"), "build.args").get("MODULE"));
            Map<String, String> env = environment(service.get("environment"), s.moduleName());
            assertEquals(String.valueOf(s.defaultPort()), env.get("MICRONAUT_SERVER_PORT"));
            assertEquals("kafka:9092", env.get("KAFKA_BOOTSTRAP_SERVERS"));
            String health = String.valueOf(map(service.get("healthcheck"), "healthcheck").get("test"));
            assertTrue(health.contains("/health") && health.contains("/" + s.defaultPort()), health);
        }));
    }

    @Test
    void eachServiceUsesItsOwnDatabaseAsItsOwnUserWithAPasswordThatHasNoDefault() throws IOException {
        String init = Files.readString(root.resolve("deploy/postgres/init-databases.sh"));
        Map<String, Object> postgres = map(services.get("postgres"), "postgres");
        String mounts = String.valueOf(postgres.get("volumes"));
        assertTrue(mounts.contains("./deploy/postgres/init-databases.sh:/docker-entrypoint-initdb.d/"), mounts);
        assertTrue(init.contains("CREATE DATABASE :\"user\" OWNER :\"user\"") && init.contains("REVOKE ALL ON DATABASE"), init);
        Map<String, String> postgresEnv = environment(postgres.get("environment"), "postgres");
        for (Service s : Service.backends()) {
            Map<String, String> env = environment(map(services.get(s.moduleName()), s.moduleName()).get("environment"),
                    s.moduleName());
            String database = ServiceEnvironment.databaseName(s);
            assertEquals("jdbc:postgresql://postgres:5432/" + database, env.get("DATASOURCES_DEFAULT_URL"));
            assertEquals(database, env.get("DATASOURCES_DEFAULT_USERNAME"), "its own user, named as its database");
            String password = SuiteSecrets.databasePasswordVariable(s);
            assertTrue(env.get("DATASOURCES_DEFAULT_PASSWORD").startsWith("${" + password + ":?"), env.get("DATASOURCES_DEFAULT_PASSWORD"));
            assertTrue(postgresEnv.get(password).startsWith("${" + password + ":?"), "the init script gets " + password);
            assertTrue(init.contains(s.shortName()), s.shortName() + " not created by the init script");
        }
        assertTrue(postgresEnv.get("POSTGRES_PASSWORD").startsWith("${POSTGRES_PASSWORD:?"), "no default superuser password");
    }

    @Test
    void kafkaInitGivesEachTopicItsOwnerAsOnlyWriterAndEachServiceItsOwnScramUser() {
        String init = String.valueOf(map(services.get("kafka-init"), "kafka-init").get("command"));
        for (dev.quipu.contracts.events.TopicAccess access : dev.quipu.contracts.events.TopicAccess.all()) {
            assertTrue(init.contains("User:" + access.writer() + " --operation Write --operation Describe --topic " + access.topic()),
                    access.topic() + " is not writable by its owner " + access.writer());
            assertEquals(1, init.split("--operation Write --operation Describe --topic " + access.topic() + "(\\s|$)", -1).length - 1,
                    access.topic() + " has more than one writer");
        }
        for (Service s : Service.values()) {
            Map<String, String> env = environment(map(services.get(s.moduleName()), s.moduleName()).get("environment"), s.moduleName());
            assertEquals("SASL_PLAINTEXT", env.get("KAFKA_SECURITY_PROTOCOL"));
            assertTrue(env.get("KAFKA_SASL_JAAS_CONFIG").contains("username=\"" + s.moduleName() + "\" password=\"${"
                    + SuiteSecrets.kafkaPasswordVariable(s.moduleName()) + ":?"), env.get("KAFKA_SASL_JAAS_CONFIG"));
            assertTrue(init.contains("--entity-name " + s.moduleName() + " "), s.moduleName() + " has no SCRAM user");
        }
    }

    @Test
    void onlyTheGatewayIsPublishedAndAnythingElseOnlyOnLoopback() {
        services.forEach((name, node) -> {
            Object ports = map(node, name).get("ports");
            if (ports == null) {
                return;
            }
            for (Object port : (List<?>) ports) {
                String mapping = String.valueOf(port);
                assertTrue(name.equals("gateway") || mapping.startsWith("127.0.0.1:"),
                        name + " publishes " + mapping + " on every interface");
            }
        });
    }

    @Test
    void credentialsHaveNoDefaultsAndEachServiceMountsOnlyItsOwnKey() {
        for (Service s : Service.values()) {
            Map<String, Object> service = map(services.get(s.moduleName()), s.moduleName());
            Map<String, String> env = environment(service.get("environment"), s.moduleName());
            for (String secret : List.of("QUIPU_OPERATOR_TOKEN", "QUIPU_GATEWAY_IDENTITY_SALT", "QUIPU_PAYMENTS_IP_SALT")) {
                if (env.containsKey(secret)) {
                    assertTrue(env.get(secret).startsWith("${" + secret + ":?"), s.moduleName() + " " + secret + " = " + env.get(secret));
                }
            }
            String key = "/run/quipu/keys/" + s.moduleName() + ".jwk";
            assertEquals(key, env.get("QUIPU_INTERNAL_AUTH_KEY"));
            String volumes = String.valueOf(service.get("volumes"));
            assertTrue(volumes.contains("./.quipu/keys/" + s.moduleName() + ".jwk:" + key + ":ro"), volumes);
            assertEquals(2, ((List<?>) service.get("volumes")).size(), "the public set and its own key only: " + volumes);
        }
    }

    @Test
    void theGatewayReachesEveryBackendByItsComposeName() {
        Map<String, Object> gateway = map(services.get("gateway"), "gateway");
        Map<String, String> env = environment(gateway.get("environment"), "gateway");
        for (Service backend : Service.backends()) {
            assertEquals("http://" + backend.moduleName() + ":" + backend.defaultPort(),
                    env.get("QUIPU_GATEWAY_SERVICES_" + backend.shortName().toUpperCase(Locale.ROOT) + "_URL"));
        }
        assertTrue(String.valueOf(gateway.get("ports")).contains("8080:8080"));
    }

    @Test
    void kafkaIsAKraftBrokerOf391AndEveryTopicIsCreated() {
        Map<String, Object> kafka = map(services.get("kafka"), "kafka");
        assertEquals("apache/kafka:3.9.1", kafka.get("image"));
        Map<String, String> env = environment(kafka.get("environment"), "kafka");
        assertEquals("broker,controller", env.get("KAFKA_PROCESS_ROLES"));
        assertNotNull(map(kafka.get("healthcheck"), "kafka.healthcheck").get("test"));
        String init = String.valueOf(map(services.get("kafka-init"), "kafka-init").get("command"));
        for (String topic : Topics.all()) {
            assertTrue(init.contains(topic), "kafka-init does not create " + topic);
        }
        assertTrue(init.contains("--partitions " + Topics.PARTITIONS), init);
    }

    @Test
    void postgresIs17WithAHealthCheck() {
        Map<String, Object> postgres = map(services.get("postgres"), "postgres");
        assertTrue(String.valueOf(postgres.get("image")).startsWith("postgres:17"), String.valueOf(postgres.get("image")));
        assertTrue(String.valueOf(map(postgres.get("healthcheck"), "postgres.healthcheck").get("test")).contains("pg_isready"));
    }

    @Test
    void theDockerfileCopiesTheModulesShadedJar() throws IOException {
        String dockerfile = Files.readString(root.resolve("Dockerfile"));
        assertTrue(dockerfile.contains("ARG MODULE"), dockerfile);
        assertTrue(dockerfile.contains("COPY ${MODULE}/target/${MODULE}-${VERSION}.jar"), dockerfile);
        assertTrue(dockerfile.contains("ARG VERSION=" + DevStackConfig.suiteVersion()), "Dockerfile VERSION is not the suite's");
        assertTrue(dockerfile.contains("FROM eclipse-temurin:17"), dockerfile);
    }

    /** compose accepts {@code environment} as a map or as a list of {@code NAME=value}. */
    private static Map<String, String> environment(Object environment, String where) {
        Map<String, String> env = new LinkedHashMap<>();
        if (environment instanceof Map<?, ?> m) {
            m.forEach((k, v) -> env.put(String.valueOf(k), v == null ? "" : String.valueOf(v)));
        } else if (environment instanceof List<?> list) {
            for (Object item : list) {
                String entry = String.valueOf(item);
                int eq = entry.indexOf('=');
                env.put(eq < 0 ? entry : entry.substring(0, eq), eq < 0 ? "" : entry.substring(eq + 1));
            }
        } else {
            throw new AssertionError(where + " has no environment in docker-compose.yml");
        }
        return env;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object node, String where) {
        if (!(node instanceof Map)) {
            throw new AssertionError("docker-compose.yml: " + where + " is not a mapping");
        }
        return (Map<String, Object>) node;
    }

    private static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !(Files.isRegularFile(dir.resolve("docker-compose.yml")) && Files.isRegularFile(dir.resolve("mvnw")))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new AssertionError("no repository root (with docker-compose.yml and mvnw) above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }
}
