package dev.quipu.registry.lookup;

import java.time.Instant;

/**
 * A live source's answer for the identifier: asked now ({@code live}) or, when it could not answer, the
 * last answer kept ({@code store}).
 *
 * @param body the response body as the source sent it
 */
public record LiveResult(LiveSource source, String body, Instant fetchedAt, String mode) {

    public static final String LIVE = "live";
    public static final String STORE = "store";
}
