package dev.quipu.registry.pe;

import dev.quipu.registry.taxid.TaxIds;
import jakarta.inject.Singleton;

/** SUNAT's Padrón de Agentes de Retención del IGV, with the date and resolution of designation. */
@Singleton
public class AgentesRetencionDataset extends SunatDataset {

    public static final String ID = "pe.sunat.agentes-retencion";
    static final String LIST = "SUNAT — Agentes de Retención del IGV";

    public AgentesRetencionDataset(TaxIds taxIds) {
        super(ID, "SUNAT — Padrón de Agentes de Retención del IGV",
                "https://www.sunat.gob.pe/descarga/AgentRet/AgenRet_TXT.zip",
                "agen[t]?ret.*\\.(txt|zip)(\\.(gz|bz2))?", new SunatPadronReader(taxIds));
    }
}
