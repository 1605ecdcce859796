package dev.quipu.payment.cli;

import dev.quipu.payment.x402.PaymentRequirements;
import dev.quipu.payment.x402.PaymentSigner;
import io.micronaut.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ./quipu pay METHOD PATH [JSON]}: pays one call against a running suite in {@code local} mode
 * with a development key, printing each step of x402: the 402 and its decoded PAYMENT-REQUIRED, the
 * signed payment, and the answer with its decoded PAYMENT-RESPONSE. The default key is the public
 * Hardhat/Anvil account #0 test key: never fund it (override with {@code QUIPU_PAY_KEY}).
 */
public final class Pay {

    static final String DEV_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

    private Pay() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: quipu pay METHOD PATH [JSON]   e.g. quipu pay POST /rates '{\"country\":\"CO\"}'");
            System.exit(2);
        }
        String base = System.getenv().getOrDefault("QUIPU_GATEWAY_URL", "http://127.0.0.1:8080").replaceAll("/$", "");
        String key = System.getenv().getOrDefault("QUIPU_PAY_KEY", DEV_KEY);
        System.exit(run(base, args[0].toUpperCase(java.util.Locale.ROOT), args[1], args.length > 2 ? args[2] : null, key));
    }

    static int run(String base, String method, String path, String body, String key) throws IOException, InterruptedException {
        JsonMapper json = JsonMapper.createDefault();
        HttpClient http = HttpClient.newHttpClient();
        URI uri = URI.create(base + (path.startsWith("/") ? path : "/" + path));

        System.out.println("== 1. " + method + " " + uri + " without payment");
        HttpResponse<String> first = http.send(request(uri, method, body, Map.of()), HttpResponse.BodyHandlers.ofString());
        System.out.println("HTTP " + first.statusCode());
        String required = first.headers().firstValue("PAYMENT-REQUIRED").orElse(null);
        if (first.statusCode() != 402 || required == null) {
            System.out.println(first.body());
            System.err.println("expected a 402 with PAYMENT-REQUIRED; nothing was paid");
            return 1;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> paymentRequired = json.readValue(Base64.getDecoder().decode(required), Map.class);
        System.out.println("PAYMENT-REQUIRED (decoded):");
        System.out.println(pretty(json, withoutExtensions(paymentRequired)));

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> accepts = (List<Map<String, Object>>) paymentRequired.get("accepts");
        Map<String, Object> evm = accepts.stream().filter(a -> String.valueOf(a.get("network")).startsWith("eip155:"))
                .findFirst().orElseThrow(() -> new IllegalStateException("no EVM requirement offered"));
        @SuppressWarnings("unchecked")
        PaymentRequirements accepted = new PaymentRequirements((String) evm.get("scheme"), (String) evm.get("network"),
                (String) evm.get("amount"), (String) evm.get("asset"), (String) evm.get("payTo"),
                ((Number) evm.get("maxTimeoutSeconds")).intValue(), (Map<String, Object>) evm.get("extra"));
        PaymentSigner signer = new PaymentSigner(key, json, Clock.systemUTC());
        Map<String, Object> payload = signer.payV2(accepted, null);
        System.out.println();
        System.out.println("== 2. signed by " + signer.address() + " (development key: never fund it)");
        System.out.println(pretty(json, payload));
        String header = Base64.getEncoder().encodeToString(json.writeValueAsBytes(payload));

        System.out.println();
        System.out.println("== 3. " + method + " " + uri + " with PAYMENT-SIGNATURE");
        HttpResponse<String> paid = http.send(request(uri, method, body, Map.of("PAYMENT-SIGNATURE", header)),
                HttpResponse.BodyHandlers.ofString());
        System.out.println("HTTP " + paid.statusCode());
        paid.headers().firstValue("PAYMENT-RESPONSE").ifPresent(r -> {
            try {
                System.out.println("PAYMENT-RESPONSE (decoded):");
                System.out.println(pretty(json, json.readValue(Base64.getDecoder().decode(r), Map.class)));
            } catch (IOException e) {
                System.out.println("PAYMENT-RESPONSE (undecodable): " + r);
            }
        });
        if (paid.statusCode() == 402) {
            paid.headers().firstValue("PAYMENT-REQUIRED").ifPresent(r -> {
                try {
                    System.out.println("refused: " + json.readValue(Base64.getDecoder().decode(r), Map.class).get("error"));
                } catch (IOException e) {
                    System.out.println("refused");
                }
            });
        }
        System.out.println("body:");
        System.out.println(paid.body());
        return paid.statusCode() / 100 == 2 ? 0 : 1;
    }

    private static HttpRequest request(URI uri, String method, String body, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).header("Accept", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        headers.forEach(b::header);
        return b.build();
    }

    private static Map<String, Object> withoutExtensions(Map<String, Object> doc) {
        Map<String, Object> copy = new LinkedHashMap<>(doc);
        if (copy.remove("extensions") != null) {
            copy.put("extensions", "(bazaar, payment-identifier: omitted here)");
        }
        return copy;
    }

    private static String pretty(JsonMapper json, Object value) throws IOException {
        // serde's JsonMapper has no pretty printer; a small indenter keeps the output readable
        return indent(new String(json.writeValueAsBytes(value), StandardCharsets.UTF_8));
    }

    static String indent(String compact) {
        StringBuilder out = new StringBuilder();
        int depth = 0;
        boolean inString = false;
        for (int i = 0; i < compact.length(); i++) {
            char ch = compact.charAt(i);
            if (ch == '"' && (i == 0 || compact.charAt(i - 1) != '\\')) {
                inString = !inString;
            }
            if (inString) {
                out.append(ch);
                continue;
            }
            switch (ch) {
                case '{', '[' -> out.append(ch).append('\n').append("  ".repeat(++depth));
                case '}', ']' -> out.append('\n').append("  ".repeat(--depth)).append(ch);
                case ',' -> out.append(ch).append('\n').append("  ".repeat(depth));
                case ':' -> out.append(": ");
                default -> out.append(ch);
            }
        }
        return out.toString();
    }
}
