package dev.quipu.gateway.docs;

import dev.quipu.runtime.ErrorBody;
import dev.quipu.runtime.JsonRequests;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

/** The OpenAPI document as JSON, and {@code /docs}: Swagger UI rendering it from bundled files. */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
public class DocsController {

    private static final String PAGE = """
            <!doctype html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Quipu API documentation</title>
            <link rel="icon" href="/static/logo.png">
            <link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
            <body><div id="swagger-ui"></div>
            <script src="/docs/assets/swagger-ui-bundle.js"></script>
            <script>
              window.ui = SwaggerUIBundle({url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true,
                validatorUrl: null, tryItOutEnabled: false});
            </script></body></html>
            """;

    private final OpenApiDocument openApi;
    private final SwaggerUiAssets assets;
    private final JsonRequests json;

    public DocsController(OpenApiDocument openApi, SwaggerUiAssets assets, JsonRequests json) {
        this.openApi = openApi;
        this.assets = assets;
        this.json = json;
    }

    @Get("/openapi.json")
    MutableHttpResponse<?> openApi() {
        return HttpResponse.ok(json.write(openApi.document())).contentType(MediaType.APPLICATION_JSON_TYPE)
                .header("Cache-Control", "public, max-age=60");
    }

    @Get("/docs")
    MutableHttpResponse<?> docs() {
        return HttpResponse.ok(PAGE).contentType(MediaType.of("text/html;charset=utf-8"));
    }

    @Get("/docs/assets/{file}")
    MutableHttpResponse<?> asset(@PathVariable String file) {
        return assets.find(file)
                .<MutableHttpResponse<?>>map(a -> HttpResponse.ok(a.bytes()).contentType(MediaType.of(a.contentType()))
                        .header("Cache-Control", "public, max-age=86400"))
                .orElseGet(() -> HttpResponse.notFound(ErrorBody.of("not_found", "No file /docs/assets/" + file + ".")));
    }
}
