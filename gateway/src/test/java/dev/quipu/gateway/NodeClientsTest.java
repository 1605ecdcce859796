package dev.quipu.gateway;

import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Third-party clients against the gateway alone (src/test/node/test; fake backends, no broker): the
 * official MCP TypeScript SDK, Redocly CLI, Ajv with the A2A AgentCard schema, and headless Chromium
 * on /demo (the page, a trial answer, the stream opening). Skipped, with the reason, when node is
 * absent; node_modules is installed from the committed package-lock.json with {@code npm ci} when
 * missing. The demo test inside is skipped when no chromium binary exists (Debian: apt-get install
 * chromium). What needs the whole suite (the real paywall, live rates, the audit chain, the demo
 * screenshot) runs from src/test/node/suite in platform/e2e's {@code NodeClientsIT}.
 */
@MicronautTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NodeClientsTest implements TestPropertyProvider {

    private static final Path NODE_DIR = Path.of("src", "test", "node");

    @Inject
    EmbeddedServer server;

    DataBackend backend;

    @Override
    public Map<String, String> getProperties() {
        backend = new DataBackend();
        Map<String, String> properties = new HashMap<>();
        properties.put("kafka.enabled", "false");
        properties.put("quipu.gateway.paywall.enabled", "false");
        properties.put("quipu.test.x402-admission", "true");
        // an SSE response's headers leave with its first item: with no broker here, the first heartbeat
        properties.put("quipu.gateway.stream.heartbeat", "1s");
        properties.putAll(dev.quipu.gateway.BackendUrls.allAt(backend.url()));
        return properties;
    }

    @AfterAll
    void stop() {
        backend.close();
    }

    @Test
    void mcpSdkOpenApiLintA2aSchemaAndDemoInChromiumPass() throws Exception {
        Assumptions.assumeTrue(run(List.of("node", "--version"), 30) == 0, "node is not installed: node tests skipped");
        if (!Files.isDirectory(NODE_DIR.resolve("node_modules"))) {
            Assumptions.assumeTrue(run(List.of("npm", "ci", "--no-audit", "--no-fund"), 600) == 0,
                    "npm ci failed (no registry?): node tests skipped");
        }
        ProcessBuilder tests = new ProcessBuilder("node", "--test", "--test-reporter=spec",
                "test/mcp-sdk.test.mjs", "test/openapi-lint.test.mjs", "test/a2a-card.test.mjs", "test/demo.test.mjs")
                .directory(NODE_DIR.toFile()).redirectErrorStream(true);
        tests.environment().put("GATEWAY_URL", server.getURI().toString());
        Process process = tests.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor(5, TimeUnit.MINUTES);
        System.out.println(output);
        assertEquals(0, process.exitValue(), output);
    }

    private static int run(List<String> command, int seconds) throws InterruptedException {
        try {
            Process process = new ProcessBuilder(command).directory(NODE_DIR.toFile()).redirectErrorStream(true)
                    .redirectOutput(new File("target/node-setup.log")).start();
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return -1;
            }
            return process.exitValue();
        } catch (IOException e) {
            return -1;
        }
    }
}
