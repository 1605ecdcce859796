package dev.quipu.registry.api;

import dev.quipu.registry.cli.RegistryLoadCommandAccess;
import dev.quipu.testkit.OperatorCredentials;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ./quipu registry load}: the operator's route loads a real file the service can read and reports
 * progress; anyone else is refused; a bad request is a 422 naming the field.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OperatorLoadsTest implements TestPropertyProvider {

    @Inject
    EmbeddedServer server;

    private final HttpClient http = HttpClient.newHttpClient();

    @Override
    public Map<String, String> getProperties() {
        // a database of its own: another test class loading the same real file first would make this load "already loaded"
        Map<String, String> p = new HashMap<>(SuiteResources.forService("quipu_registry_operator_loads"));
        p.put("quipu.registry.bundled.enabled", "false");
        return p;
    }

    @Test
    void theOperatorLoadsARealFileAndFollowsItToTheEnd() throws Exception {
        Path file = Files.createTempDirectory("sunat").resolve("AgenRet_TXT.txt");
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("registry/pe/sunat/AgenRet_TXT.txt")) {
            Files.copy(in, file);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        int status = RegistryLoadCommandAccess.run(server.getURL().toString(), "Authorization: " + operator(),
                new PrintStream(out, true, StandardCharsets.UTF_8), "pe", file.toString(), "--cut-off", "2023-10-01");

        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, printed);
        assertTrue(printed.contains("pe.sunat.agentes-retencion: loaded 5,778 records (0 skipped) from AgenRet_TXT.txt, cut-off"),
                printed);
    }

    @Test
    void theGatewayMayNotLoad() throws Exception {
        HttpResponse<String> r = post("{\"country\":\"PE\"}", "Bearer " + OperatorCredentials.signer("gateway")
                .authorizationFor("registry-service").replaceFirst("^Bearer ", ""));

        assertEquals(403, r.statusCode());
    }

    @Test
    void nobodyLoadsWithoutCredentials() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(server.getURL() + "/admin/registry/loads"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"country\":\"PE\"}")).header("Content-Type", "application/json").build(),
                HttpResponse.BodyHandlers.ofString());

        assertEquals(401, r.statusCode());
    }

    @Test
    void aRelativePathIsA422NamingTheSource() throws Exception {
        HttpResponse<String> r = post("{\"country\":\"PE\",\"source\":\"AgenRet_TXT.txt\"}", operator());

        assertEquals(422, r.statusCode());
        assertTrue(r.body().contains("\"loc\":[\"body\",\"source\"]"), r.body());
    }

    @Test
    void aFileNoDatasetRecognisesIsA422ListingTheDatasets() throws Exception {
        HttpResponse<String> r = post("{\"country\":\"PE\",\"source\":\"/tmp/unknown.bin\"}", operator());

        assertEquals(422, r.statusCode());
        assertTrue(r.body().contains("pe.sunat.padron-reducido"), r.body());
    }

    @Test
    void anUnknownCountryIsA422() throws Exception {
        HttpResponse<String> r = post("{\"country\":\"AR\"}", operator());

        assertEquals(422, r.statusCode());
        assertTrue(r.body().contains("\"loc\":[\"body\",\"country\"]"), r.body());
    }

    private HttpResponse<String> post(String body, String authorization) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(server.getURL() + "/admin/registry/loads"))
                .header("Authorization", authorization.startsWith("Bearer ") ? authorization : "Bearer " + authorization)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String operator() {
        return "Bearer " + OperatorCredentials.signer("operator").mint(List.of("registry-service"), java.time.Duration.ofMinutes(5));
    }
}
