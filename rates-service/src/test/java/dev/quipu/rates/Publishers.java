package dev.quipu.rates;

import dev.quipu.testkit.SuiteResources;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Settings of tests that run the service with fetching on: every publisher at one local address. */
final class Publishers {

    /** Every {@code quipu.rates.*-url} setting, i.e. every publisher the service calls. */
    static final List<String> URL_SETTINGS = List.of("datos-gov-url", "banrep-sdmx-url", "banxico-url", "bcb-sgs-url",
            "bcb-olinda-url", "bcch-url", "mindicador-url", "bcrp-url", "bcra-url", "dolarapi-url", "dolarapi-mx-url",
            "argentinadatos-url", "bluelytics-url");

    private Publishers() {
    }

    /** The service in live mode (the default, which the tests' configuration turns off), every publisher at {@code url}. */
    static Map<String, String> liveWithEveryPublisherAt(String url) {
        Map<String, String> p = new HashMap<>(SuiteResources.forService("quipu_rates"));
        p.put("quipu.rates.mode", "live");
        URL_SETTINGS.forEach(s -> p.put("quipu.rates." + s, url));
        return p;
    }

    /** An address where nothing listens: a connection is refused at once. */
    static String refusing() {
        try (ServerSocket s = new ServerSocket(0)) {
            return "http://127.0.0.1:" + s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
