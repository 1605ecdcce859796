package dev.quipu.gateway.discovery;

import dev.quipu.runtime.ErrorBody;
import dev.quipu.runtime.JsonRequests;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.util.Map;
import java.util.regex.Pattern;

/** The documents by which agents and people find the service; all generated from the price book. */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
public class DiscoveryController {

    private static final MediaType TEXT_UTF8 = MediaType.of("text/plain;charset=utf-8");
    private static final MediaType HTML_UTF8 = MediaType.of("text/html;charset=utf-8");
    private static final Pattern VERIFY_FILE = Pattern.compile("([a-z0-9][a-z0-9._-]{0,62})-verify\\.txt");
    private static final String CACHE = "public, max-age=60";

    private final X402Discovery x402;
    private final AgentCards cards;
    private final LlmsTxt llmsTxt;
    private final Landing landing;
    private final DirectoryVerification verification;
    private final JsonRequests json;

    public DiscoveryController(X402Discovery x402, AgentCards cards, LlmsTxt llmsTxt, Landing landing,
                               DirectoryVerification verification, JsonRequests json) {
        this.x402 = x402;
        this.cards = cards;
        this.llmsTxt = llmsTxt;
        this.landing = landing;
        this.verification = verification;
        this.json = json;
    }

    /** Both types are declared, or a browser sending only {@code Accept: text/html} would get a 406. */
    @Get(value = "/", produces = {MediaType.APPLICATION_JSON, MediaType.TEXT_HTML})
    MutableHttpResponse<?> root(HttpRequest<?> request) {
        boolean browser = request.getHeaders().accept().stream()
                .anyMatch(type -> type.matches(MediaType.TEXT_HTML_TYPE));
        return browser ? HttpResponse.ok(landing.html()).contentType(HTML_UTF8) : jsonBody(landing.json());
    }

    @Get("/llms.txt")
    MutableHttpResponse<?> llmsTxt() {
        return HttpResponse.ok(llmsTxt.render()).contentType(TEXT_UTF8).header("Cache-Control", CACHE);
    }

    /** Micronaut answers HEAD from the GET route (same headers, no body), as x402scan probes it. */
    @Get("/.well-known/x402")
    MutableHttpResponse<?> x402() {
        return jsonBody(x402.document());
    }

    @Get("/.well-known/x402.json")
    MutableHttpResponse<?> x402Json() {
        return jsonBody(x402.document());
    }

    @Get("/.well-known/a2a-agent.json")
    MutableHttpResponse<?> manifest() {
        return jsonBody(cards.manifest());
    }

    @Get("/.well-known/agent.json")
    MutableHttpResponse<?> manifestAlias() {
        return jsonBody(cards.manifest());
    }

    @Get("/.well-known/agent-card.json")
    MutableHttpResponse<?> agentCard() {
        return jsonBody(cards.card());
    }

    /** {@code /.well-known/<directory>-verify.txt}: a listing directory's domain-verification token. */
    @Get("/.well-known/{file}")
    MutableHttpResponse<?> directoryVerification(@PathVariable String file) {
        var matcher = VERIFY_FILE.matcher(file);
        String token = matcher.matches() ? verification.token(matcher.group(1)).orElse(null) : null;
        if (token == null) {
            return HttpResponse.notFound(new ErrorBody("not_found", "No document /.well-known/" + file + ".",
                    "Discovery documents: /.well-known/x402, /.well-known/a2a-agent.json, /.well-known/agent-card.json."));
        }
        return HttpResponse.ok(token).contentType(TEXT_UTF8);
    }

    private MutableHttpResponse<?> jsonBody(Map<String, Object> document) {
        return HttpResponse.ok(json.write(document)).contentType(MediaType.APPLICATION_JSON_TYPE)
                .header("Cache-Control", CACHE);
    }
}
