package dev.quipu.e2e;

import dev.quipu.contracts.pricebook.Service;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Seen from another host, only the gateway answers. The test makes that host itself: a network
 * namespace joined to this machine by a veth pair on a /30 of its own (traffic never leaves the
 * machine), and from inside it connects to every port of the running suite at the machine's address
 * on that link. Needs root and iproute2 (as CI has); skipped, saying so, without them.
 */
@ExtendWith(SuiteExtension.class)
class OnlyTheGatewayFacesCallersIT {

    private static final String SUFFIX = Integer.toString(ThreadLocalRandom.current().nextInt(1000, 9999));
    private static final String NAMESPACE = "quipu-e2e-" + SUFFIX;
    private static final String HOST_LINK = "qe" + SUFFIX + "h";
    private static final String PEER_LINK = "qe" + SUFFIX + "p";
    private static final int SUBNET = ThreadLocalRandom.current().nextInt(0, 63) * 4;
    private static final String HOST_ADDRESS = "10.254.77." + (SUBNET + 1);
    private static final String PEER_ADDRESS = "10.254.77." + (SUBNET + 2);

    private static boolean made;

    @BeforeAll
    static void makeTheOtherHost() throws Exception {
        assumeTrue(run("id", "-u").output.trim().equals("0"), "needs root to create a network namespace");
        assumeTrue(run("ip", "netns", "add", NAMESPACE).code == 0, "ip netns is not available here");
        made = true;
        must("ip", "link", "add", HOST_LINK, "type", "veth", "peer", "name", PEER_LINK);
        must("ip", "link", "set", PEER_LINK, "netns", NAMESPACE);
        must("ip", "addr", "add", HOST_ADDRESS + "/30", "dev", HOST_LINK);
        must("ip", "link", "set", HOST_LINK, "up");
        must("ip", "netns", "exec", NAMESPACE, "ip", "addr", "add", PEER_ADDRESS + "/30", "dev", PEER_LINK);
        must("ip", "netns", "exec", NAMESPACE, "ip", "link", "set", PEER_LINK, "up");
        must("ip", "netns", "exec", NAMESPACE, "ip", "link", "set", "lo", "up");
    }

    @AfterAll
    static void removeIt() throws Exception {
        if (made) {
            run("ip", "link", "del", HOST_LINK);
            run("ip", "netns", "del", NAMESPACE);
        }
    }

    @Test
    void fromAnotherHostOnlyTheGatewayPortAnswersEveryOtherPortIsRefused(RunningSuite suite) throws Exception {
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (Service s : Service.values()) {
            ports.put(s.moduleName(), suite.url(s).getPort());
        }
        ports.put("kafka", Integer.parseInt(suite.stack().bootstrapServers().replaceAll(".*:", "")));
        ports.put("postgresql", suite.stack().postgresPort());

        List<String> answered = new ArrayList<>();
        for (Map.Entry<String, Integer> port : ports.entrySet()) {
            if (connects(HOST_ADDRESS, port.getValue())) {
                answered.add(port.getKey());
            }
        }
        assertEquals(List.of("gateway"), answered, "ports that answered another host: " + answered + " of " + ports);

        // and the gateway there is the real one: its health answers over that link
        Result health = run("ip", "netns", "exec", NAMESPACE, "timeout", "10", "bash", "-c",
                "exec 3<>/dev/tcp/" + HOST_ADDRESS + "/" + ports.get("gateway")
                        + " && printf 'GET /health HTTP/1.0\\r\\n\\r\\n' >&3 && head -n 1 <&3");
        assertTrue(health.output.contains(" 200 "), health.output);
    }

    private static boolean connects(String address, int port) throws Exception {
        return run("ip", "netns", "exec", NAMESPACE, "timeout", "5", "bash", "-c",
                "exec 3<>/dev/tcp/" + address + "/" + port).code == 0;
    }

    private record Result(int code, String output) {
    }

    private static void must(String... command) throws Exception {
        Result r = run(command);
        if (r.code != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + r.output);
        }
    }

    private static Result run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, "timed out");
        }
        return new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
