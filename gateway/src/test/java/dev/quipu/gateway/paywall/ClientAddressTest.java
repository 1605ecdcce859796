package dev.quipu.gateway.paywall;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ClientAddressTest {

    @Test
    void socketAddressIsTheClientWhenNoProxyIsTrusted() {
        assertEquals("203.0.113.9", new ClientAddress(List.of()).resolve("203.0.113.9", "1.2.3.4"));
    }

    @Test
    void forwardedForIsBelievedOnlyFromATrustedProxy() {
        ClientAddress addresses = new ClientAddress(List.of("10.0.0.0/8"));
        assertEquals("198.51.100.7", addresses.resolve("10.1.2.3", "1.2.3.4, 198.51.100.7"));
        assertEquals("203.0.113.9", addresses.resolve("203.0.113.9", "198.51.100.7"));
    }

    @Test
    void chainsOfTrustedProxiesAreSkippedFromTheRight() {
        ClientAddress addresses = new ClientAddress(List.of("10.0.0.1", "10.0.0.2"));
        assertEquals("198.51.100.7", addresses.resolve("10.0.0.1", "6.6.6.6, 198.51.100.7, 10.0.0.2"));
    }

    @Test
    void emptyConfigurationEntriesTrustNobody() {
        assertEquals("10.0.0.1", new ClientAddress(List.of("")).resolve("10.0.0.1", "1.1.1.1"));
    }
}
