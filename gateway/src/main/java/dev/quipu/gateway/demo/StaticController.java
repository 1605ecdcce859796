package dev.quipu.gateway.demo;

import dev.quipu.runtime.ErrorBody;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;

/** {@code /static/*} (the logo, the demo's script and style) and {@code /demo}. */
@Controller
public class StaticController {

    private final StaticAssets assets;

    public StaticController(StaticAssets assets) {
        this.assets = assets;
    }

    @Get("/static/{file}")
    MutableHttpResponse<?> file(@PathVariable String file) {
        return assets.find(file)
                .<MutableHttpResponse<?>>map(asset -> HttpResponse.ok(asset.bytes())
                        .contentType(MediaType.of(asset.contentType())).header("Cache-Control", "public, max-age=3600"))
                .orElseGet(() -> HttpResponse.notFound(ErrorBody.of("not_found", "No file /static/" + file + ".")));
    }

    @Get("/demo")
    MutableHttpResponse<?> demo() {
        return assets.find("demo.html")
                .<MutableHttpResponse<?>>map(page -> HttpResponse.ok(page.bytes()).contentType(MediaType.of(page.contentType())))
                .orElseGet(() -> HttpResponse.notFound(ErrorBody.of("not_found", "The demo page is not bundled.")));
    }
}
