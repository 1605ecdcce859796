package dev.quipu.registry.lookup;

import dev.quipu.registry.taxid.TaxIdCheck;

import java.util.Optional;

/**
 * An official open API (or a mirror of official data) asked for one identifier at lookup time: live by
 * default, the store as the floor. Implementations use a real HTTP client with short timeouts.
 */
public interface LiveSource {

    /** Stable id, e.g. {@code co.rues.live}; names the source in answers and in {@code registry_live}. */
    String id();

    String title();

    String publisher();

    /** The URL shown in {@code sources[]}: the API's public address, never one holding credentials. */
    String publicUrl();

    /** Whether the publisher is the authority itself (false for a mirror such as minha-receita). */
    boolean official();

    /** Whether it is configured (a mirror may be unset); a disabled source is not asked. */
    boolean enabled();

    /**
     * Asks the source.
     *
     * @return the response body (as the source sent it, decoded) when the source knows the identifier;
     *         empty when it answered that it does not
     * @throws LiveSourceException when it could not answer (unreachable, timeout, 5xx, unreadable)
     */
    Optional<String> fetch(TaxIdCheck id);
}
