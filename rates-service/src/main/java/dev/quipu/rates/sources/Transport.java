package dev.quipu.rates.sources;

import java.nio.charset.Charset;

/** How adapters reach their publishers: over HTTP (live) or from bundled recordings (snapshot). */
public interface Transport {

    /** The body of a successful (2xx) answer; anything else is an {@link UpstreamException}. */
    Body get(SourceRequest request);

    /** {@code live} or {@code snapshot}: said in every answer built from this transport. */
    String mode();

    /** A response body with the charset the publisher declared (BCCh answers in ISO-8859-1). */
    record Body(byte[] bytes, Charset charset) {
        public String text() {
            return new String(bytes, charset);
        }
    }
}
