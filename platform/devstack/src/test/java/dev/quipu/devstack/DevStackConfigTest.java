package dev.quipu.devstack;

import dev.quipu.contracts.pricebook.Service;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DevStackConfigTest {

    @Test
    void defaultsAreTheDocumentedPortsAndDotQuipu() {
        DevStackConfig c = DevStackConfig.fromEnvironment(Map.of(), new Properties());
        assertEquals(Path.of(".quipu").toAbsolutePath().normalize(), c.baseDir());
        assertEquals(19092, c.kafkaPort());
        assertEquals(19093, c.kafkaControllerPort());
        assertEquals(15432, c.postgresPort());
        for (Service s : Service.values()) {
            assertEquals(s.defaultPort(), c.port(s));
        }
        assertEquals(List.of(Service.values()), c.services());
        assertEquals(DevStackConfig.DEFAULT_JAVA_OPTIONS, c.javaOptions());
    }

    @Test
    void environmentVariablesSetDirectoryPortsServicesAndTimeout() {
        DevStackConfig c = DevStackConfig.fromEnvironment(Map.of(
                "QUIPU_HOME", "/tmp/q",
                "QUIPU_KAFKA_PORT", "29092",
                "QUIPU_POSTGRES_PORT", "0",
                "QUIPU_SANCTIONS_PORT", "9082",
                "QUIPU_SERVICES", "gateway, sanctions-service,rates",
                "QUIPU_READY_TIMEOUT_SECONDS", "30",
                "QUIPU_SERVICE_JAVA_OPTS", "-Xmx128m  -XX:+UseSerialGC"), new Properties());
        assertEquals(Path.of("/tmp/q"), c.baseDir());
        assertEquals(29092, c.kafkaPort());
        assertEquals(0, c.postgresPort());
        assertEquals(9082, c.port(Service.SANCTIONS));
        assertEquals(List.of(Service.GATEWAY, Service.SANCTIONS, Service.RATES), c.services());
        assertEquals(Duration.ofSeconds(30), c.readyTimeout());
        assertEquals(List.of("-Xmx128m", "-XX:+UseSerialGC"), c.javaOptions());
    }

    @Test
    void systemPropertiesWinOverEnvironmentVariables() {
        Properties props = new Properties();
        props.setProperty("quipu.gateway.port", "18080");
        props.setProperty("quipu.home", "/tmp/from-property");
        DevStackConfig c = DevStackConfig.fromEnvironment(
                Map.of("QUIPU_GATEWAY_PORT", "28080", "QUIPU_HOME", "/tmp/from-env"), props);
        assertEquals(18080, c.port(Service.GATEWAY));
        assertEquals(Path.of("/tmp/from-property"), c.baseDir());
    }

    @Test
    void classDataArchivesAreOnForQuipuUpAndOffForLibraryUse() {
        assertTrue(DevStackConfig.fromEnvironment(Map.of(), new Properties()).classDataSharing());
        assertFalse(DevStackConfig.fromEnvironment(Map.of("QUIPU_CDS", "false"), new Properties()).classDataSharing());
        assertFalse(DevStackConfig.builder().build().classDataSharing());
    }

    @Test
    void aBadPortIsRefusedNamingTheVariable() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DevStackConfig.fromEnvironment(Map.of("QUIPU_RATES_PORT", "eighty"), new Properties()));
        assertTrue(e.getMessage().contains("QUIPU_RATES_PORT"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> DevStackConfig.fromEnvironment(Map.of("QUIPU_KAFKA_PORT", "70000"), new Properties()));
        assertTrue(e.getMessage().contains("QUIPU_KAFKA_PORT"), e.getMessage());
    }

    @Test
    void anUnknownServiceIsRefusedListingTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DevStackConfig.parseServices("gateway,weather"));
        assertTrue(e.getMessage().contains("'weather'") && e.getMessage().contains("sanctions"), e.getMessage());
    }

    @Test
    void serviceJarsAreTheShadedJarsUnderEachModulesTarget() {
        DevStackConfig c = DevStackConfig.builder().repoRoot(Path.of("/repo")).build();
        assertEquals(Path.of("/repo/rates-service/target/rates-service-" + DevStackConfig.suiteVersion() + ".jar"),
                c.jarOf(Service.RATES));
        assertTrue(DevStackConfig.suiteVersion().matches("\\d+\\.\\d+\\.\\d+.*"), DevStackConfig.suiteVersion());
    }
}
