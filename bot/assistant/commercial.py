"""Commercial questions a Brazilian client asks (nota fiscal, validity, payment and installments,
the set-up fee, the contract and what a machine failure costs, business hours, who we are, other
clients' prices), matched by explicit rules and answered from the company's data file; every
answer ends by pointing to the commercial team. An insult alone gets one calm line."""

import re
from collections.abc import Callable
from datetime import UTC, datetime

from babel.lists import format_list

from bot.sales.company import Company, load_company
from locales import N_, _, locale
from quoting.constraints import PROVIDER_NAMES
from quoting.units import format_brl

SOURCE_TITLE = "Condições comerciais da infrabot"
SOURCE_FILE = "bot/sales/data/company.toml"

_INVOICE = re.compile(
    r"nota fiscal|notas fiscais|\bnfs?-?e\b|\bnf\b|\binvoice|"
    r"\b(da|dao|emite|emitem|tem|fornece\w*|mandam) (a )?nota\b"
)
# Invoices a client trains on ("8 mil notas fiscais", "imagens de notas fiscais") are data.
_INVOICES_AS_DATA = re.compile(
    r"(?:\d|\bmil|\bmilhao|\bmilhoes|\bmi|\dk)\s+(?:de\s+)?notas? fisca\w*|"
    r"\b(?:nossas|minhas|suas) notas? fisca\w*|"
    r"\b(?:imagens?|fotos?|pdfs?|documentos?|arquivos?|xmls?|scans?|dataset|base|corpus|"
    r"textos?|exemplos?|digitaliza\w*|escane\w*)\s+(?:de |das |com )?notas? fisca\w*"
)
_VALIDITY = re.compile(
    r"(quanto tempo|ate quando|por quantos dias|qual (e )?a validade|prazo de validade)\b.*"
    r"\b(cotacao|orcamento|proposta|preco)|\b(cotacao|orcamento|proposta|preco)\b.*"
    r"\b(vale(?! a pena)|valid[ao]|validade)\b|validade d[ao]s? (cotac|orcament|propost)|"
    r"how long is (the|a|this) quote valid|"
    # "se o dólar subir até a gente fechar, o valor muda?": the rate the quote is held at
    r"\bdolar (subir|mudar|variar)\b.{0,40}\b(valor|preco|muda)|"
    r"\btravam? (o valor |o preco )?em reais"
)
# "como pagar menos?" is about cost, not about paying us.
_PAYMENT = re.compile(
    r"como (eu )?(pago|faco (o )?pagamento|posso pagar|e o pagamento|funciona o pagamento|"
    r"funciona a cobranca|e a cobranca)\b(?! menos| mais barato)|formas? de pagamento|"
    r"condic\w+ de pagamento|prazo (de|para) pagamento|"
    r"aceita\w* (pagamento em |pagamentos em )?(pix|boleto|cartao|dolar|dolares|usd|cripto\w*|"
    r"bitcoin|crypto\w*|euros?)|"
    r"pagar (com|no|por|via|em) (pix|boleto|cartao|transferencia)|how (do|can) i pay|"
    r"\bpayment (methods?|options?|terms)\b|how (do|can|could|would|should) (we|i) (pay|be billed)|"
    r"\b(do|can) you (take|accept) (credit |debit )?(cards?|paypal|wires?|wire transfers?|pix|"
    r"boleto|usd|dollars)|\bpay (by|with|via|through) (card|credit card|wire|bank transfer|pix|"
    r"boleto|paypal|invoice)|"
    # "do you bill in BRL or USD?", "cobram em reais ou dólar?", "boleto ok?"
    r"\b(bill|charge|invoice|cobra\w*|fatura\w*|boleto|nota|pagamento)\w* (us |you )?"
    r"(e |eh |sera |vai ser |is |vem |sai )?"
    r"(in|em) (brl|usd|reais|real|"
    r"dollars?|dolar(es)?|euros?)|\b(brl|reais) (or|ou) (usd|dollars?|dolar)|"
    # "dá pra receber uma fatura consolidada só no fim do mês?"
    r"\bfatura\w* consolidad\w*|\bconsolidated (invoice|bill)|\buma fatura (so|por mes)|"
    r"\bfaturamento mensal|\bcontrato guarda-?chuva|\bpay[- ]as[- ]you[- ]go\b|"
    r"\b(usd|dollars?|dolar) (or|ou) (brl|reais)|"
    r"\b(billing|invoic\w*|payments?)\b[^.?!]{0,20}\b(in|em) (usd|dollars?|brl|reais|euros?)\b|"
    r"\boptions? for paying|\bways? (to|of) pay|\bhow to pay\b|"
    r"\b(do|can) (u|you) (take|accept)\b|"
    r"\bpix only\b|"
    # "o pagamento é antes ou depois de usar a máquina?", "só pagamos depois do empenho"
    r"\bpagamento\b[^.?!]{0,30}\b(antes|depois)\b|\bempenho\b|"
    # "vcs cobram a hora cheia ou é fracionado por minuto?"
    r"\bhora cheia\b|\bfracionad\w*|\bcobr\w*\b[^.?!]{0,20}\bpor (minuto|segundo)\b|"
    # "a cobrança começa quando a máquina liga ou quando o treino começa?"
    r"\b(cobranca|billing|faturamento)\b[^.?!]{0,15}\b(comeca|inicia|starts|begins)\b|"
    r"\bbilled (per|by the) (minute|second|hour)\b|"
    # "tem plano mensal com preço fechado ou é só por hora?": how a job is priced and billed.
    r"\bplano mensal|\bpreco fechado|\bmensalidade|\bassinatura mensal|"
    r"\bmonthly (plan|subscription|fee)|\bfixed price|\bflat (fee|rate)|"
    r"\bpay (in|with|using) (us |u\.s\. )?(dollars?|usd|euros?|eur|(a |our )?(corporate )?"
    r"(credit |debit )?cards?)|"
    r"^\W*(and |e |what about |e o |e a )?(pix|boleto|cartao|credit card|card|wire transfer|ted)"
    r"\b[^.?!]{0,20}\?\W*$"
)
_INSTALLMENTS = re.compile(
    r"\bparcel\w*|\bmetade agora|\b(outra )?metade (no|em|daqui)|\b(em|in) \d{1,2} ?(x|vezes)\b|"
    # "pagar 50% na aprovação e 50% quando terminar": a split by milestones
    r"\bpag\w* \d{1,2} ?% (na|no|de|antes|adiantado|upfront|on)\b|"
    r"\bpay \d{1,2} ?% (up ?front|on|at)\b|"
    r"\b\d{1,2} ?x (no|sem|com) (boleto|cartao|juros)|"
    r"\bdivid\w* (o |em \w+ )?(pagamento|boleto|valor|total)|\binstal+ments?\b|"
    r"\bpay (it )?(in|over) (\d+|two|three|several|multiple) (months|payments|parts)|"
    r"\bsplit\b[^.?!]{0,25}\b(into|in|over) (\d+ |two |three |several |multiple |a few )?"
    r"(payments|installments|instalments|months|parts)"
)
# What a machine failure costs, the SLA, the contract; not a training error to debug ("o treino
# falhou por OOM, o que faço?" is guidance).
_SERVICE = re.compile(
    r"\bsla\b|\buptime\b|\bservice level|\bgarantia (de |do |da )?(servico|disponibilidade|"
    r"entrega|prazo|treino)|disponibilidade garantida|\bcontrato (de (prestacao de )?servico|"
    r"formal)|\bminuta\b|\bmulta\b|\bpenalidade|\b(nivel|niveis) de servico|"
    r"\b(devolvem|devolve|reembolsa\w*) (o )?dinheiro|\brefund|"
    r"\b(e )?se (a |o )?(maquina|instancia|gpu|tpu|servidor|nuvem|treino|job)\b[^.?!]{0,25}\b("
    r"cair|falhar|parar|travar|quebrar|morrer|der pau|der problema)\b|"
    r"\b(maquina|instancia|servidor)\b[^.?!]{0,30}\b(cai|caiu|falha|falhou|quebrou|parou|travou)"
    r"\b[^.?!]{0,30}\b(quem paga|paga\w*|cobr\w*|reembols\w*|responsa\w*|garant\w*|no meio)|"
    r"\bwhat (happens )?if (the )?(machine|instance|gpu|server|training|job) (fails|crashes|dies|"
    r"goes down)|\b(any|a) guarantee"
)
_NOT_SERVICE = re.compile(r"\boom\b|out of memory|memoria|cuda|erro|error|loss|nan\b")
# "quanto a empresa X pagou?": another client's price or name, which we never give (even in a
# message with a job in it, see `asks_other_clients`).
_OTHER_CLIENTS = re.compile(
    r"\bquanto (a|o|as|os) (?!gente\b|senhor|senhora)\w+( \w+)? (pagou|pagaram|paga|pagam|gastou|"
    r"gastaram)\b|\bquanto (outr\w* \w+|seus (outros )?clientes|os (outros )?clientes|meu "
    r"concorrente|a concorrencia)\b[^.?!]{0,30}\b(pag\w*|gast\w*)|"
    r"\b(preco|valor|desconto) (que |q )?(voces |vcs |vc )?(fizeram|deram|cobraram|passaram) "
    r"(pr[ao]|para|ao|a) \w+|\bquem (sao|e) (os )?(seus|teus) clientes|\b(lista|nomes?) "
    r"(de|dos) (seus )?clientes|\b(what|how much) (did|do|does) (other|your other|your) "
    r"(clients|customers|companies|startups) pay|\bwho are your (clients|customers)|"
    r"\bquem mais (e|sao) (cliente|clientes)|\b(cobr\w*|fecha\w*|pag\w*) (dele|dela|deles|delas)\b|"
    r"\bvalor (que |q )?(eles|elas|ele|ela) (fecharam|fechou|pagaram|pagou)|"
    r"\bvalores praticados com|\b(what|how much) did (other|\w+) (\w+ )?pay|"
    r"\b(what|how much) did you charge\b|\b(what|which) (price|quote|rate|deal) did you "
    r"(give|quote|offer|make)|\b(the|an?) other (company|client|customer|fintech|startup|team)s?\b"
    r"[^.?!]{0,40}\b(pay|paid|price|charged?)\b|"
    r"\b(what|how much) did (your|another|a) (client|customer|company) (\w+ )?pay"
)


def asks_other_clients(folded: str) -> bool:
    """ "what do your other clients pay for a 70B?": refused whatever job the message names."""
    return bool(_OTHER_CLIENTS.search(folded))


# A message that is only an insult gets one calm line back to the job.
_ABUSE = re.compile(
    r"\b(porra|caralho|merda|bosta|lixo|inutil|inuteis|incompetentes?|idiotas?|burr[oa]s?|"
    r"otari[oa]s?|imbecil|imbecis|estupid[oa]s?|vagabund\w*|ladr(ao|oes)|fdp|vsf|pqp|vtnc|"
    r"palhac\w*|porcaria|picaret\w*|enganacao|(?<=sao uma )piada|(?<=e uma )piada|pateti\w*|"
    r"ridicul\w*|useless|stupid|idiots?|fuck\w*|shit\w*|crap|sucks?|pathetic|(?<=is a )joke)\b"
)
# An insult around a real question ("porra, meu treino deu OOM, diminuo o batch?") gets the answer.
_ASKS_SOMETHING = re.compile(
    r"\?|\b(qual|quais|como|quanto|quando|onde|o que|por ?que|pq|me (diz|fala|explica)|devo|posso|"
    r"diminuo|aumento|uso|what|how|which|why|should)\b"
)
_DISCOUNT = re.compile(
    r"\bdesconto|\bdiscount|preco especial|condic\w+ especia|"
    # "vcs têm algum programa de créditos pra quem tá começando?"
    r"\bprograma de (creditos|startups?|aceleracao)|\bcreditos (gratis|pra|para) |"
    r"\bstartup (program|credits)|\bfree credits|"
    r"contrato (anual|de longo prazo|de um ano|de 12 meses)"
)
# Not ours to answer from the data file: spot and reserved instances are the clouds' discounts (a
# guidance question), and a discount to discuss with someone is a handoff.
_NOT_OUR_DISCOUNT = re.compile(
    r"spot|preempt|interromp|reservad|reserved|committed|"
    r"\b(com|with) (alguem|uma pessoa|o comercial|um vendedor|a equipe|voces|someone)"
)
_SETUP = re.compile(r"taxa\w* (de )?(configuracao|setup|instalacao|fixa)|setup fee")
# "preciso assinar contrato?"; not the client's own contracts ("treinar com nossos contratos").
_CONTRACT = re.compile(
    r"\bassina\w* (um |o |algum )?contrato|\bcontrato assinado|"
    r"\bprecis\w* (de )?(um |algum )?contrato\b|"
    r"\b(tem|ha|existe) (um |algum )?contrato (com|de) voces|"
    r"\b(fechar|firmar) (um |o )?contrato\b|sign (a|the) contract|"
    r"\bnda\b|acordo de confidencialidade|termo de confidencialidade|non-?disclosure|"
    # "cláusula de tratamento de dados conforme a LGPD, um DPA assinado e a lista de suboperadores"
    r"\bdpa\b|data processing (?:agreement|addendum)|suboperador\w*|subprocessors?|"
    r"\bclausula\w*\b[^.?!]{0,20}\bcontrato\b|\bressarc\w*|"
    r"\bclausula\w* (?:de|sobre) (?:tratamento|protecao|confidencialidade)"
)
# "vocês fazem o treino ou só alugam a máquina?", "o modelo treinado fica com a gente?"
_SCOPE = re.compile(
    # not "vcs fazem fine-tuning? to precisando de um preço": a job to quote
    r"\b(?:voces|vcs|vc) (?:fazem|rodam|executam|cuidam d\w*) (?:o|do) (?:treino|treinamento|"
    r"fine-?tuning)\b(?! de)|\bso (?:alugam|aluga|fornecem) (?:a )?(?:maquina|infra\w*|gpu)|"
    r"\bquem (?:roda|executa|faz|opera) o (?:treino|treinamento|job|fine-?tuning)|"
    r"\bmodelo (?:treinado )?(?:fica|e|eh) (?:com a gente|nosso|meu|de quem)|"
    r"\bde quem (?:e|fica) o modelo|"
    r"\b(?:propria|nossa|minha) conta (?:da |de |na |no )?(?:aws|gcp|google|azure|nuvem|cloud)|"
    r"\b(?:do you|will you) (?:run|do) the training|\bwho (?:runs|owns) the (?:training|model)|"
    r"\b(?:our|my) own (?:aws|gcp|azure|cloud) account|"
    # who owns the weights, what is delivered, the access and the tenant
    r"\b(?:pesos|adaptador|adapter|weights)\b[^?]{0,40}\b(?:nossos|nosso|propriedade|licenca|"
    r"exclusividade|ours|own)\b|\b(?:gguf|safetensors|merged weights)\b|"
    r"\b(?:acesso root|root access|ssh|imagem docker|docker image)\b|"
    r"\b(?:wandb|weights ?& ?biases|tensorboard)\b|\b(?:nosso|our) tenant\b|\bfica sendo nosso|"
    r"\bpropriedade intelectual|\bapagam os dados|\bcustomer data to train|\b(?:tem|have) (?:uma )?"
    r"(?:api|cli|sdk|terraform)\b|\bis there an? (?:api|cli|sdk|terraform)"
)
# "vocês cotam na Oracle também?", "quais nuvens vocês usam?": the clouds our catalog prices.
_CLOUD_NAMES = r"aws|amazon|google|gcp|azure|microsoft|oracle|oci|ibm|alibaba|huawei|lambda|runpod"
_CLOUDS = re.compile(
    r"\b(?:voces|vcs|vc|you)\b[^.?!\d]{0,20}\b(?:cotam|cota|trabalham|atendem|usam|oferecem|"
    r"operam|revendem|quote|work|support|offer|cover)\b[^.?!\d]{0,12}"
    rf"\b(?:{_CLOUD_NAMES}|outras? nuvens?|other clouds?)\b(?! (?:em|in|na|no) )|"
    r"\b(?:quais|que|which|what) (?:nuvens|provedores|clouds|cloud providers|providers)\b"
    r"[^.?!\d]{0,15}\b(?:voces|vcs|vc|you)\b"
)
# "queria colocar do lado desse da AWS", "tem que rodar lá": a comparison or a requirement.
_CLOUD_WANTED = re.compile(
    r"\b(?:do lado|lado a lado|compar\w*|os dois|as duas|both|side by side|next to|tem que|"
    r"tem de|precisa ser|must|has to|contrato com|contract with)\b"
)
# "se eu cancelar o job no meio do treino, pago multa?": stopping a job, asked before doing it.
_CANCELLATION = re.compile(
    r"\b(?:se (?:eu |a gente |nos )?|caso (?:eu |a gente )?|if (?:i|we) )cancel\w*|"
    r"\bmulta\w*\b[^.?!]{0,30}\bcancel\w*|\bcancel\w*\b[^.?!]{0,40}\bmulta|"
    r"\bcancellation fee|\bstop the job (?:early|midway)"
)
_HOURS = re.compile(
    r"\bhorario (de )?(atendimento|funcionamento|expediente|trabalho)|\bexpediente\b|"
    r"\b(que|qual) horas? (voces |a equipe |o suporte )?(atendem|atende|abrem|fecham|funcionam)|"
    r"\b(atendem|funcionam) (aos |no |nos |em )?(sabado|domingo|fim de semana|feriado)|"
    r"\b(business|opening|support) hours"
)
# "consigo o orçamento em PDF?": the formal proposal, a PDF the client can forward.
_PDF = re.compile(
    r"\b(cotac\w*|orcamento|proposta|quote)\b[^?!]{0,30}\bpdf\b|\bpdf\b[^?!]{0,30}\b(cotac\w*|"
    r"orcamento|proposta)"
)
_IDENTITY = re.compile(
    r"\bcnpj\b|razao social|endereco (de voces|da empresa)|(telefone|e-?mail|contato) (de voces|"
    r"da empresa|comercial)|como (falo|entro em contato) com (voces|a empresa|o comercial)"
)


# The company file's texts (payment terms, the invoice, the contract, the set-up fee...) are
# messages of the catalogs (locales/babel.cfg), shown with _(): the packaged text in the client's
# language, and an operator's own override as written.


def _invoice(company: Company) -> str:
    invoice = company.invoice
    if not invoice.issued:
        return _("Não emitimos nota fiscal.")
    return _("Sim. A {registration} emite {kind} {when}.").format(
        registration=company.identity.registration, kind=_(invoice.kind), when=_(invoice.when)
    )


def _validity(company: Company) -> str:
    validity = _(
        "A cotação vale {days} dias a partir da emissão; cada cotação traz a data-limite "
        '("válido até dd/mm/aaaa").'
    ).format(days=company.validity_days)
    return f"{validity} {_(company.quote.validity_note)}"


def _methods(methods: list[str]) -> str:
    said = [_(method) for method in methods]
    if len(said) == 1:
        return said[0]
    return _("{first} ou {last}").format(first=", ".join(said[:-1]), last=said[-1])


def _payment(company: Company) -> str:
    payment, identity = company.payment, company.identity
    where = [_("chave PIX {key}").format(key=identity.pix_key)] if identity.pix_key else []
    if identity.bank_account:
        where += [_("TED para {account}").format(account=identity.bank_account)]
    accounts = ""
    if where:
        accounts = " " + _("Dados para o pagamento: {accounts}.").format(accounts="; ".join(where))
    terms = _(payment.terms)
    due = _("{terms}, por {methods}, com vencimento em {days} dias.").format(
        terms=f"{terms[0].upper()}{terms[1:]}",
        methods=_methods(payment.methods),
        days=payment.due_days,
    )
    invoice = _("A nota fiscal sai {when}.").format(when=_(company.invoice.when))
    return f"{due}{accounts} {_(payment.currency_note)} {invoice}"


def _setup(company: Company) -> str:
    tiers = "; ".join(f"{format_brl(fee.brl)} ({_(fee.label)})" for fee in company.setup_fees)
    fee = _(
        "A taxa de configuração é o {short}. O valor segue o tamanho do ambiente: {tiers}."
    ).format(short=_(company.setup_fee.short), tiers=tiers)
    return f"{fee} {_(company.setup_fee.detail)}"


def _discount(_company: Company) -> str:
    return _(
        "Descontos (por volume, contrato mais longo ou uso recorrente) são negociados caso a caso "
        "pela nossa equipe comercial e entram na proposta, já no total."
    )


def _contract(company: Company) -> str:
    """The contract is the accepted proposal (company policy); the payment terms come with it."""
    payment = _("O pagamento é {terms}.").format(terms=_(company.payment.terms))
    return f"{_(company.service.contract)} {payment}"


def _scope(company: Company) -> str:
    return _(company.service.scope)


def _cancellation(company: Company) -> str:
    return _(company.service.cancellation)


def _service(company: Company) -> str:
    """What happens if a machine fails mid-training, and how fast we respond (the SLA)."""
    return f"{_(company.service.failure)} {_(company.service.sla)}"


def _clouds(_company: Company) -> str:
    """The clouds the catalog prices; any other is the commercial team's to weigh."""
    names = format_list(list(PROVIDER_NAMES.values()), locale=locale())
    return _(
        "Cotamos nas nuvens do nosso catálogo: {names}, com os preços de cada uma em reais. "
        "Outras nuvens, como Oracle, IBM ou Alibaba, não entram na cotação automática; se a sua "
        "empresa precisa de uma delas, a equipe comercial avalia."
    ).format(names=names)


def _installments(company: Company) -> str:
    payment = company.payment
    return _(
        "Parcelamos em até {count} boletos mensais, sem juros, propostas a partir de {minimum}: "
        "o primeiro no aceite da proposta. Abaixo disso, o pagamento é {terms}."
    ).format(
        count=payment.installments_max,
        minimum=format_brl(payment.installments_min_brl),
        terms=_(payment.terms),
    )


def _other_clients(_company: Company) -> str:
    return _(
        "Não passamos preços, propostas nem nomes de outros clientes: cada proposta é "
        "confidencial, como a sua também é. O que posso fazer é cotar o seu job, com o preço "
        "de cada linha aberto."
    )


# One calm line for an insult, back to the job (no commercial contact after it); shown with _().
ABUSE_REPLY = N_(
    "Sinto muito que a experiência não esteja boa. Se me disser o modelo, os dados e o prazo, "
    "eu refaço a cotação agora, ou peça para falar com um especialista."
)


def _pdf(_company: Company) -> str:
    return _(
        "Sim. Cada cotação vira uma proposta formal em PDF, com o total, a validade e o campo de "
        "aceite para o responsável assinar: no Telegram, o comando /minhas_cotacoes lista as suas "
        "cotações com um botão para baixar o PDF de cada uma."
    )


def _hours(company: Company) -> str:
    return _(
        "Nossa equipe atende {hours}, exceto feriados; fora desse horário, ela responde no "
        "próximo expediente, e neste chat eu respondo a qualquer hora."
    ).format(hours=company.hours.text)


def _contact(company: Company) -> str:
    """The line every commercial answer ends with."""
    return _("Para mais detalhes, fale com a equipe comercial: {contact}.").format(
        contact=company.identity.contact
    )


def no_team_online(now: datetime | None = None) -> str:
    """What a client who asks for a person reads when no one on the team is reachable from the
    chat (no Slack handoff channel): when the team answers, and where to write."""
    company = load_company()
    identity, hours = company.identity, company.hours
    moment = now or datetime.now(UTC)
    if hours.is_open(moment):
        when = _("respondemos nesse horário")
    else:
        when = _("respondemos a partir de {moment}").format(
            moment=hours.when(hours.next_opening(moment), moment)
        )
    return _(
        "No momento não há uma pessoa da equipe neste chat. Nossa equipe atende {hours}: escreva "
        "para {contact}; {when}. Enquanto isso, posso continuar ajudando aqui: descreva o job ou "
        "faça uma pergunta."
    ).format(hours=hours.text, contact=identity.contact, when=when)


# What of the identity the deploy has not set yet (Identity.unset's labels), said whole.
_LATER = {
    ("CNPJ",): N_("O CNPJ é informado pela equipe comercial."),
    ("endereço",): N_("O endereço é informado pela equipe comercial."),
    ("CNPJ", "endereço"): N_("O CNPJ e o endereço são informados pela equipe comercial."),
}


def _identity(company: Company) -> str:
    identity = company.identity
    said = [f"{identity.registration} ({identity.trade_name})"]
    said += [identity.address] if identity.address else []
    unset = tuple(label for label in ("CNPJ", "endereço") if label in identity.unset())
    later = f" {_(_LATER[unset])}" if unset else ""
    hours = _("Atendemos {hours}.").format(hours=company.hours.text)
    return f"{', '.join(said)}.{later} {hours}"


def _mentions_the_fee(folded: str, company: Company) -> bool:
    if _SETUP.search(folded):
        return True
    for fee in company.setup_fees:
        whole = f"{int(fee.brl)}" if fee.brl == int(fee.brl) else str(fee.brl).replace(".", ",")
        if "taxa" in folded and re.search(rf"(?<![\d.,]){whole}(?![\d])", folded):
            return True
    return False


_TOPICS: list[tuple[Callable[[str, Company], bool], Callable[[Company], str]]] = [
    (lambda folded, company: _mentions_the_fee(folded, company), _setup),
    (lambda folded, _: bool(_INVOICE.search(folded)), _invoice),
    (lambda folded, _: bool(_PAYMENT.search(folded)), _payment),
    (lambda folded, _: bool(_VALIDITY.search(folded)), _validity),
    (lambda folded, _: bool(_IDENTITY.search(folded)), _identity),
    (lambda folded, _: bool(_CONTRACT.search(folded)), _contract),
    (lambda folded, _: bool(_SCOPE.search(folded)), _scope),
    (lambda folded, _: bool(_CANCELLATION.search(folded)), _cancellation),
    (
        lambda folded, _: bool(
            _SERVICE.search(folded)
            and not _NOT_SERVICE.search(folded)
            and not _CANCELLATION.search(folded)
        ),
        _service,
    ),
    (lambda folded, _: bool(_INSTALLMENTS.search(folded)), _installments),
    (lambda folded, _: bool(_OTHER_CLIENTS.search(folded)), _other_clients),
    (lambda folded, _: bool(_HOURS.search(folded)), _hours),
    (lambda folded, _: bool(_CLOUDS.search(folded) and not _CLOUD_WANTED.search(folded)), _clouds),
    (lambda folded, _: bool(_PDF.search(folded)), _pdf),
    (
        lambda folded, _: bool(_DISCOUNT.search(folded) and not _NOT_OUR_DISCOUNT.search(folded)),
        _discount,
    ),
]


def commercial_answer(folded: str) -> str | None:
    """The answer to a commercial question (text already folded), ending with the commercial
    team's contact, or None when it is not one."""
    company = load_company()
    folded = _INVOICES_AS_DATA.sub("", folded)
    answers = [answer(company) for matches, answer in _TOPICS if matches(folded, company)]
    if answers:
        return " ".join([*answers, _contact(company)])
    insult = _ABUSE.search(folded) and not _ASKS_SOMETHING.search(folded)
    return _(ABUSE_REPLY) if insult else None
