package dev.quipu.registry.br;

import dev.quipu.registry.lookup.LiveSource;
import dev.quipu.registry.lookup.LiveSourceException;
import dev.quipu.registry.taxid.TaxIdCheck;
import dev.quipu.registry.taxid.TaxIdType;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * A public mirror of the RFB's CNPJ open data answering one CNPJ as JSON: {@code GET {base}{cnpj14}}.
 * By default minha-receita ({@code https://minhareceita.org/}); BrasilAPI
 * ({@code https://brasilapi.com.br/api/cnpj/v1/}) answers the same JSON shape and can be configured
 * instead, as can a self-hosted minha-receita. Setting {@code quipu.registry.br.mirror-url}
 * ({@code QUIPU_REGISTRY_BR_MIRROR_URL}) empty switches it off. Not the authority: {@link #official()} is false.
 */
@Singleton
public class BrCnpjMirror implements LiveSource {

    public static final String ID = "br.cnpj.mirror";

    private final String base;
    private final String publicUrl;
    private final Duration requestTimeout;
    private final HttpClient http;

    public BrCnpjMirror(@Value("${quipu.registry.br.mirror-url:`https://minhareceita.org/`}") String base,
                        @Value("${quipu.registry.br.mirror-connect-timeout:3s}") Duration connectTimeout,
                        @Value("${quipu.registry.br.mirror-request-timeout:8s}") Duration requestTimeout) {
        this.base = base == null || base.isBlank() ? "" : (base.strip().endsWith("/") ? base.strip() : base.strip() + "/");
        this.publicUrl = publicForm(this.base);
        this.requestTimeout = requestTimeout;
        this.http = HttpClient.newBuilder().connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "CNPJ open data mirror (minha-receita JSON) of the Receita Federal";
    }

    @Override
    public String publisher() {
        return "mirror of Receita Federal do Brasil data (" + publicUrl + ")";
    }

    @Override
    public String publicUrl() {
        return publicUrl;
    }

    @Override
    public boolean official() {
        return false;
    }

    @Override
    public boolean enabled() {
        return !base.isEmpty();
    }

    /**
     * @return the JSON body for a CNPJ it knows; empty for 404 or 400 (minha-receita answers 400 for a CNPJ
     *         it holds no record of) and for a CPF, which the mirror does not serve
     */
    @Override
    public Optional<String> fetch(TaxIdCheck id) {
        if (!enabled() || id.type().orElse(null) != TaxIdType.CNPJ) {
            return Optional.empty();
        }
        String where = publicUrl + id.normalized();
        HttpRequest request;
        try {
            request = HttpRequest.newBuilder(new URI(base + id.normalized())).timeout(requestTimeout)
                    .header("Accept", "application/json").header("User-Agent", "quipu-registry-service").GET().build();
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new LiveSourceException(ID + ": the configured mirror URL is not a URL (" + publicUrl + ")", e);
        }
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new LiveSourceException(ID + ": " + where + " did not answer (" + e.getClass().getSimpleName() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LiveSourceException(ID + ": interrupted while asking " + where, e);
        }
        return switch (response.statusCode()) {
            case 200 -> Optional.of(response.body());
            case 400, 404 -> Optional.empty();
            default -> throw new LiveSourceException(ID + ": " + where + " answered HTTP " + response.statusCode());
        };
    }

    /** The base without user info, query or fragment: what answers and logs may show. */
    static String publicForm(String base) {
        if (base.isEmpty()) {
            return "";
        }
        try {
            URI u = new URI(base);
            return new URI(u.getScheme(), null, u.getHost(), u.getPort(), u.getPath(), null, null).toString();
        } catch (URISyntaxException e) {
            return "(unparseable mirror URL)";
        }
    }
}
