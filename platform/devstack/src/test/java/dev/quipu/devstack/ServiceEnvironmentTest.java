package dev.quipu.devstack;

import dev.quipu.contracts.pricebook.Service;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class ServiceEnvironmentTest {

    private static Map<Service, Integer> ports() {
        Map<Service, Integer> ports = new EnumMap<>(Service.class);
        for (Service s : Service.values()) {
            ports.put(s, s.defaultPort() + 1000);
        }
        return ports;
    }

    @Test
    void aServiceGetsItsPortTheBrokerAndItsOwnDatabase() {
        Map<String, String> env = ServiceEnvironment.of(Service.SANCTIONS, ports(), "127.0.0.1:19092", 15432);
        assertEquals("9082", env.get("MICRONAUT_SERVER_PORT"));
        assertEquals("127.0.0.1:19092", env.get("KAFKA_BOOTSTRAP_SERVERS"));
        assertEquals("jdbc:postgresql://127.0.0.1:15432/quipu_sanctions", env.get("DATASOURCES_DEFAULT_URL"));
        assertEquals("postgres", env.get("DATASOURCES_DEFAULT_USERNAME"));
        assertEquals("postgres", env.get("DATASOURCES_DEFAULT_PASSWORD"));
    }

    @Test
    void theGatewayGetsEveryBackendsUrlAndNoDatabase() {
        Map<String, String> env = ServiceEnvironment.of(Service.GATEWAY, ports(), "127.0.0.1:19092", 15432);
        assertEquals("9080", env.get("MICRONAUT_SERVER_PORT"));
        assertEquals("127.0.0.1:19092", env.get("KAFKA_BOOTSTRAP_SERVERS"));
        for (Service backend : Service.backends()) {
            String name = "QUIPU_GATEWAY_SERVICES_" + backend.shortName().toUpperCase() + "_URL";
            assertEquals("http://127.0.0.1:" + (backend.defaultPort() + 1000), env.get(name), name);
        }
        assertEquals("http://127.0.0.1:9082", env.get("QUIPU_GATEWAY_SERVICES_SANCTIONS_URL"));
        assertFalse(env.containsKey("DATASOURCES_DEFAULT_URL"));
    }

    @Test
    void aServiceFindsTheOtherServicesOnTheirActualPorts() {
        Map<String, String> env = ServiceEnvironment.of(Service.REPORT, ports(), "127.0.0.1:19092", 15432);
        assertEquals("http://127.0.0.1:9082", env.get("QUIPU_SERVICES_SANCTIONS_URL"));
        assertEquals("http://127.0.0.1:9083", env.get("QUIPU_SERVICES_REGISTRY_URL"));
        assertFalse(env.containsKey("QUIPU_SERVICES_REPORT_URL"));
    }
}
