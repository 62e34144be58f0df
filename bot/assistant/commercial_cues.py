"""What marks a message as a commercial question, one pattern per topic (the invoice, the
validity, payment and installments, the set-up fee, the contract, the service's scope, the
clouds we quote, cancelling, business hours, the PDF, who we are, discounts, other clients'
prices, insults); `bot.assistant.commercial` answers each from the company's data file."""

import re

INVOICE = re.compile(
    r"nota fiscal|notas fiscais|\bnfs?-?e\b|\bnf\b|\binvoice|\bfaturar\b[^?]{0,40}\bcnpj|"
    r"\brecibo\b|\breceipt\b|"
    r"\b(?:duas|2) notas\b|\bnotas separadas|\bcentros? de custo\b|"
    r"\b(da|dao|emite|emitem|tem|fornece\w*|mandam) (a )?nota\b|"
    # "pode entrar como dispêndio de P&D na Lei do Bem? como o serviço sai descrito na nota?"
    r"\blei do bem\b|\bdispendio de p ?& ?d\b|\blei de informatica\b|"
    r"\binvestimento\w* (?:obrigatori\w* )?em p ?& ?d\b|"
    # "cada laticínio usar a máquina numa semana, dividindo a conta entre os CNPJs"
    r"\bdivid\w* (?:a conta|o valor|a fatura|o custo) entre\b|"
    r"\bcada (?:um|uma) pagando (?:a )?sua parte\b|"
    r"\brach\w* (?:a conta|o valor|a mesma maquina|o custo)\b"
)

# Invoices a client trains on ("8 mil notas fiscais", "imagens de notas fiscais") are data.
INVOICES_AS_DATA = re.compile(
    r"(?:\d|\bmil|\bmilhao|\bmilhoes|\bmi|\dk)\s+(?:de\s+)?notas? fisca\w*|"
    r"\b(?:nossas|minhas|suas) notas? fisca\w*|"
    # "classificar notas fiscais de entrada em 12 categorias": the notes are the data
    r"\b(?:classific|categoriz|extra|ler|processa)\w* (?:as )?notas? fisca\w*|"
    r"\b(?:imagens?|fotos?|pdfs?|documentos?|arquivos?|xmls?|scans?|dataset|base|corpus|"
    r"textos?|exemplos?|digitaliza\w*|escane\w*)\s+(?:de |das |com )?notas? fisca\w*"
)

VALIDITY = re.compile(
    r"(quanto tempo|ate quando|por quantos dias|qual (e )?a validade|prazo de validade)\b.*"
    r"\b(cotacao|orcamento|proposta|preco)|\b(cotacao|orcamento|proposta|preco)\b.*"
    r"\b(vale(?! a pena)|valid[ao]|validade)\b|validade d[ao]s? (cotac|orcament|propost)|"
    r"how long is (the|a|this) quote valid|"
    # "se o dólar subir até a gente fechar, o valor muda?": the rate the quote is held at
    r"\bdolar (subir|mudar|variar)\b.{0,40}\b(valor|preco|muda)|"
    r"\btravam? (o valor |o preco )?em reais"
)

# "como pagar menos?" is about cost, not about paying us.
PAYMENT = re.compile(
    r"como (eu )?(pago|faco (o )?pagamento|posso pagar|e o pagamento|funciona o pagamento|"
    r"funciona a cobranca|e a cobranca)\b(?! menos| mais barato)|formas? de pagamento|"
    r"condic\w+ de pagamento|prazo (de|para) pagamento|"
    # "o boleto vence no sábado, posso pagar na segunda sem juros?"
    r"\bboleto\b[^?]{0,60}\bvenc\w*|\bpagar\b[^?]{0,40}\bsem (juros|multa)\b|"
    r"aceita\w* (pagamento em |pagamentos em )?(pix|boleto|cartao|dolar|dolares|usd|cripto\w*|"
    r"bitcoin|crypto\w*|euros?)|"
    r"pagar (com|no|por|via|em) (pix|boleto|cartao|transferencia)|how (do|can) i pay|"
    # Spanish: "¿aceptan tarjeta corporativa?", "¿pueden facturar a una empresa de Chile?"
    r"\bacepta\w* (?:tarjeta|transferencia|pagos?)\b|\bfacturar\b|"
    # "dá pra contratar pelo AWS Marketplace? queremos abater do nosso commit"
    r"\b(?:aws|azure|google cloud|gcp) marketplace\b|\bpelo marketplace\b|"
    r"\babater d[oa] (?:nosso |nossa )?(?:commit|contrato|credito|saldo)\b|"
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

INSTALLMENTS = re.compile(
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
SERVICE = re.compile(
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

NOT_SERVICE = re.compile(r"\boom\b|out of memory|memoria|cuda|erro|error|loss|nan\b")

# "quanto a empresa X pagou?": another client's price or name, which we never give (even in a
# message with a job in it, see `asks_other_clients`).
OTHER_CLIENTS = re.compile(
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
    return bool(OTHER_CLIENTS.search(folded))


# A message that is only an insult gets one calm line back to the job.
ABUSE = re.compile(
    r"\b(porra|caralho|merda|bosta|lixo|inutil|inuteis|incompetentes?|idiotas?|burr[oa]s?|"
    r"otari[oa]s?|imbecil|imbecis|estupid[oa]s?|vagabund\w*|ladr(ao|oes)|fdp|vsf|pqp|vtnc|"
    r"palhac\w*|porcaria|picaret\w*|enganacao|(?<=sao uma )piada|(?<=e uma )piada|pateti\w*|"
    r"ridicul\w*|useless|stupid|idiots?|fuck\w*|shit\w*|crap|sucks?|pathetic|(?<=is a )joke)\b"
)

# An insult around a real question ("porra, meu treino deu OOM, diminuo o batch?") gets the answer.
ASKS_SOMETHING = re.compile(
    r"\?|\b(qual|quais|como|quanto|quando|onde|o que|por ?que|pq|me (diz|fala|explica)|devo|posso|"
    r"diminuo|aumento|uso|what|how|which|why|should)\b"
)

DISCOUNT = re.compile(
    r"\bdesconto|\bdiscount|preco especial|condic\w+ especia|"
    # "we'd commit to 2,000 A100 hours a year: do you have a committed-use rate?"
    r"\bcommitted[- ]use (?:rate|price|pricing|deal)|\bcommit(?:ting)? to [\d.,]+ ?k? \w+ hours|"
    r"\bcompromisso de (?:uso|consumo|horas)|\bpacote de [\d.]+ ?(?:mil )?horas|"
    # "vocês têm algo tipo reserved instance? pagar um ano adiantado por uma A100 dedicada"
    r"\bpag\w* (?:um ano|o ano|12 meses|a year|the year) "
    r"(?:adiantado|antecipado|upfront|in advance)|"
    # "vcs têm algum programa de créditos pra quem tá começando?"
    r"\bprograma de (creditos|startups?|aceleracao)|\bcreditos (gratis|pra|para) |"
    r"\bstartup (program|credits)|\bfree credits|"
    r"contrato (anual|de longo prazo|de um ano|de 12 meses)"
)

# Not ours to answer from the data file: spot and reserved instances are the clouds' discounts (a
# guidance question), and a discount to discuss with someone is a handoff.
NOT_OUR_DISCOUNT = re.compile(
    r"spot|preempt|interromp|reservad|committed(?![- ]use (?:rate|price|pricing|deal))|"
    r"(?<!tipo )(?<!like )(?<!algo como )reserved|"
    r"\b(com|with) (alguem|uma pessoa|o comercial|um vendedor|a equipe|voces|someone)"
)

SETUP = re.compile(r"taxa\w* (de )?(configuracao|setup|instalacao|fixa)|setup fee")

# "preciso assinar contrato?"; not the client's own contracts ("treinar com nossos contratos").
CONTRACT = re.compile(
    r"\bassina\w* (um |o |algum )?contrato|\bcontrato assinado|"
    r"\bprecis\w* (de )?(um |algum )?contrato\b|"
    r"\b(tem|ha|existe) (um |algum )?contrato (com|de) voces|"
    r"\b(fechar|firmar) (um |o )?contrato\b|sign (a|the) contract|"
    r"\bnda\b|acordo de confidencialidade|termo de confidencialidade|non-?disclosure|"
    # "cláusula de tratamento de dados conforme a LGPD, um DPA assinado e a lista de suboperadores"
    r"\bdpa\b|data processing (?:agreement|addendum)|suboperador\w*|subprocessors?|"
    r"\bclausula\w*\b[^.?!]{0,20}\bcontrato\b|\bressarc\w*|"
    r"\bclausula\w* (?:de|sobre) (?:tratamento|protecao|confidencialidade)|"
    # "we'd need you to sign our standard Master Services Agreement instead of your own terms"
    # "qual é o foro do contrato?"
    r"\bforo\b|\bjurisdic\w*\b[^?]{0,30}\bcontrato|\bgoverning law\b|"
    r"\bmaster services? agreement|\bmsa\b|\bsign (?:our|a|the) (?:standard )?(?:contract|"
    r"agreement|terms)|\bnosso (?:proprio )?contrato (?:padrao|modelo)|"
    r"\bminuta (?:nossa|da empresa)"
)
# "como dou acesso ao painel pro meu sócio?", "vários usuários na mesma conta com permissões"
ACCOUNTS = re.compile(
    # not "me explica a conta, que meu sócio achou caro": the sum, not an account
    r"\b(?:acesso|login|logins|(?<!explica a )(?<!explicar a )(?<!fazer a )(?<!fez a )conta|contas|"
    r"usuarios?)\b[^.?!]{0,40}\b(?:painel|socio|"
    r"permiss\w*|perfis|mesma conta|outro usuario|varios usuarios|multiplos usuarios|equipe)\b|"
    r"\b(?:pessoas|equipe|usuarios)\b[^.?!]{0,40}\b(?:acesso a conta|proprio login)\b|"
    r"\bpermiss\w*\b[^.?!]{0,20}\bconta\b|"
    r"\b(?:painel|dashboard)\b[^.?!]{0,30}\b(?:acesso|login|socio|acompanhar)\b|"
    r"\b(?:multiple|several) users\b|\buser (?:accounts|permissions|roles)\b|"
    # "como eu adiciono o meu sócio pra ele ver as cotações?", "quantos treinos ao mesmo tempo na
    # minha conta?"
    r"\b(?:adicion|inclu|cadastr)\w* (?:o |a )?(?:meu |minha |nosso |nossa )?(?:socio|socia|colega|"
    r"gerente|equipe|time|chefe)|\b(?:limite|quantos|quantas)\b[^.?!]{0,40}\b(?:ao mesmo tempo|"
    r"simultane\w*|por cliente|na (?:minha|nossa) conta)"
)
# "se o modelo ficar ruim, vocês refazem sem custo?", "garantia de acurácia no contrato?"
RESULTS = re.compile(
    r"\bgarantia (?:de|do) (?:resultado|acuracia|qualidade|desempenho)|\bgarant\w* (?:que )?"
    r"(?:vai )?(?:acertar|funcionar bem)|\b(?:refazem|refaz|refazer) (?:sem custo|de graca|gratis)|"
    r"\bficar ruim\b[^?]{0,40}\b(?:refaz|reembols|pago)|\b(?:reembols\w*|refund)\b[^?]{0,40}"
    r"\b(?:acuracia|accuracy|resultado|qualidade)|\b(?:acuracia|accuracy)\b[^?]{0,60}\breembols"
)
# "dá pra fechar uma VPN site-to-site?", "allowlist de IPs", "BYOK no HSM", "cláusula de
# notificação de incidente em 24 horas": security terms agreed with the cloud, in the contract
SECURITY = re.compile(
    r"\bvpn\b|\ballow ?list|\bwhitelist|\bso (?:pros|para os) ips?\b|"
    r"\bips? da (?:nossa )?empresa\b|"
    r"\bbyok\b|\bcmek\b|\bhsm\b|\b(?:kms|chave) (?:key |gerenciada |propria |nossa )|"
    r"\bbring our own (?:kms )?key\b|\bown (?:kms )?key\b|"
    r"\bincidente\w* de seguranca\b|\bnotificac\w* de incidente|\bincident notification\b|"
    r"\bsha-?256\b|\bcadeia de custodia\b|\bacesso (?:so )?(?:de )?leitura que expira\b|"
    r"\bauditoria externa\b[^?]{0,60}\bacesso\b|"
    # who at our end sees the data, access logs for the DPO's report, proof the data was erased,
    # classified material
    r"\blogs? de acesso\b|\bripd\b|\bcertificado de (?:descarte|exclusao|destruicao)\b|"
    r"\bquem (?:da equipe de voces|de voces|ai)\b[^?]{0,40}\b(?:ve|consegue ver|acessa|abre|le)\b|"
    r"\b(?:tecnico|engenheiro)\w* (?:de voces )?[^?]{0,30}\b(?:olhar|ver|ler|abre|abrir) "
    r"(?:o conteudo|os arquivos)\b|\b(?:sigilo secreto|informac\w* classificad\w*|credenciamento|"
    r"habilitac\w* de seguranca)\b"
)
# "vocês rodariam o treino dentro do nosso próprio data center?": on the client's premises
ON_PREMISES = re.compile(
    # asked of us, not the client's own servers mentioned ("temos servidores on-premise e ...")
    r"\b(?:voces|vcs|you)\b[^?]{0,30}\b(?:instal|rod|trein|oper|run)\w*\b[^?]{0,40}"
    r"\b(?:nosso|no nosso|dentro do nosso|our|in our) (?:proprio |own )?(?:data ?center|datacenter|"
    r"ambiente|servidor\w*|cluster|premises)\b|"
    r"\bon-?prem\w*\b[^?]{0,40}\b(?:voces|vcs|you) (?:fazem|atendem|instalam|rodam|do|support)"
)
# "vocês têm cadastro no SICAF?", "ata de registro de preços para adesão (carona)"
PUBLIC_SECTOR = re.compile(
    r"\bsicaf\b|\bata de registro de precos?\b|\bcarona\b|\bpregao eletronico\b|"
    r"\binexigibilidade\b|\bcontratar (?:voces|vcs) por\b|"
    r"\b(?:voces|vcs) (?:participam|atendem|vendem|fornecem)\b[^.?!]{0,30}\b(?:licitac\w*|"
    r"pregao|orgaos? publicos?|governo|prefeituras?)\b|"
    r"\bdispensa de licitacao\b|\borgao publico\b|\bcomprasnet\b|"
    r"\bcompras\.gov\b|\bpublic (?:tender|procurement)\b"
)

# "vocês fazem o treino ou só alugam a máquina?", "o modelo treinado fica com a gente?"
SCOPE = re.compile(
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
    r"exclusividade|ours|own)\b|"
    # "vocês entregam em GGUF?", "do you deliver merged weights?": what the service delivers
    r"\b(?:entreg\w*|deliver\w*)\b[^?]{0,30}\b(?:gguf|safetensors|merged|mesclad\w*|adapter|"
    r"adaptador)\b|"
    r"\b(?:acesso root|root access|ssh|imagem docker|docker image)\b|"
    r"\b(?:wandb|weights ?& ?biases|tensorboard)\b|\b(?:nosso|our)(?: proprio| own)? tenant\b|"
    r"\bfica sendo nosso|"
    # "depois do treino vocês apagam nossos dados? e usam pra treinar outros modelos?"
    r"\bapagam (?:os |nossos |nossas |meus |minhas )?(?:dados|bases?|arquivos)\b|"
    r"\b(?:usam|usar|utilizam|use)\b[^?]{0,30}\b(?:pra|para|to) (?:treinar|train) "
    r"(?:outros|other)\b|"
    r"\bpropriedade intelectual|\bcustomer data to train|\b(?:tem|have) (?:uma )?"
    r"(?:api|cli|sdk|terraform)\b|\bis there an? (?:api|cli|sdk|terraform)|"
    # "depois do treino vocês rodam a avaliação do modelo?": what the service does
    r"\b(?:voces|vcs|vc|you)\b[^?]{0,15}\b(?:rodam|fazem|run|do)\b[^?]{0,10}\b(?:a |the )?"
    r"(?:avaliacao|evaluation|benchmark)"
)

# "vocês cotam na Oracle também?", "quais nuvens vocês usam?": the clouds our catalog prices.
CLOUD_NAMES = r"aws|amazon|google|gcp|azure|microsoft|oracle|oci|ibm|alibaba|huawei|lambda|runpod"

CLOUDS = re.compile(
    r"\b(?:voces|vcs|vc|you)\b[^.?!\d]{0,20}\b(?:cotam|cota|trabalham|atendem|usam|oferecem|"
    r"operam|revendem|quote|work|support|offer|cover)\b[^.?!\d]{0,12}"
    rf"\b(?:{CLOUD_NAMES}|outras? nuvens?|other clouds?)\b(?! (?:em|in|na|no) )|"
    r"\b(?:quais|que|which|what) (?:nuvens|provedores|clouds|cloud providers|providers)\b"
    r"[^.?!\d]{0,15}\b(?:voces|vcs|vc|you)\b"
)

# "queria colocar do lado desse da AWS", "tem que rodar lá": a comparison or a requirement.
CLOUD_WANTED = re.compile(
    r"\b(?:do lado|lado a lado|compar\w*|os dois|as duas|both|side by side|next to|tem que|"
    r"tem de|precisa ser|must|has to|contrato com|contract with)\b"
)

# "se eu cancelar o job no meio do treino, pago multa?": stopping a job, asked before doing it.
CANCELLATION = re.compile(
    r"\b(?:se (?:eu |a gente |nos )?|caso (?:eu |a gente )?|if (?:i|we) )cancel\w*|"
    r"\bmulta\w*\b[^.?!]{0,30}\bcancel\w*|\bcancel\w*\b[^.?!]{0,40}\bmulta|"
    r"\bcancellation fee|\bstop the job (?:early|midway)"
)

HOURS = re.compile(
    r"\bhorario (de )?(atendimento|funcionamento|expediente|trabalho)|\bexpediente\b|"
    r"\b(que|qual) horas? (voces |a equipe |o suporte )?(atendem|atende|abrem|fecham|funcionam)|"
    r"\b(atendem|funcionam) (aos |no |nos |em )?(sabado|domingo|fim de semana|feriado)|"
    r"\b(business|opening|support) hours|"
    # "vocês têm suporte no plantão de fim de ano, entre o Natal e o Ano Novo?"
    r"\b(suporte|atendimento|plantao)\b[^.?!]{0,25}\b(plantao|fim de ano|natal|ano novo|recesso|"
    r"feriados?|madrugada|fins? de semana)\b"
)

# "consigo o orçamento em PDF?": the formal proposal, a PDF the client can forward.
PDF = re.compile(
    r"\b(cotac\w*|orcamento|proposta|quote)\b[^?!]{0,30}\bpdf\b|\bpdf\b[^?!]{0,30}\b(cotac\w*|"
    r"orcamento|proposta)"
)

# Asked, not told: "quem me passou o contato de vocês foi o Thiago" asks nothing of ours.
IDENTITY = re.compile(
    r"\bcnpj\b|razao social|endereco (de voces|da empresa)|"
    r"(?<!passou o )(?<!passou )(?<!passaram o )(?<!deu o )(?<!deram o )(?<!peguei o )"
    r"(?<!pegamos o )(?<!recebi o )"
    r"(telefone|e-?mail|contato) (de voces|da empresa|comercial)|"
    r"como (falo|entro em contato) com (voces|a empresa|o comercial)|"
    # who we are: "há quanto tempo estão no mercado?", "quem são os sócios?", "reclame aqui"
    r"\bha quanto tempo (?:voces |vcs |a empresa )?(?:estao|existe|atuam)|\bquem sao os socios\b|"
    r"\b(?:empresa|firma) (?:brasileira|registrada|nova)\b|\breclame aqui\b"
)

# "paro de pagar enquanto tá pausado?", "um teto de gasto que desliga a máquina sozinho", "de
# madrugada a hora sai mais barata?": how the hours are billed.
BILLING = re.compile(
    # "esse valor é fechado ou é estimativa? se demorar mais eu pago a diferença?", "se acabar
    # antes, a fatura vem menor?", "entre o Natal e o Ano Novo o preço é outro?"
    r"\b(?:valor|preco|orcamento) (?:e |eh )?(?:fechado|fixo)\b[^?]{0,30}\bestimativa|"
    r"\bpag\w* a diferenca\b|\b(?:fatura|conta|cobranca) (?:vem|sai|fica) (?:menor|maior)\b|"
    # "if the run overshoots your time estimate, do we get billed for the extra hours?"
    r"\b(?:overshoot\w*|overrun\w*|runs? (?:over|longer)|takes? longer)\b[^?]{0,60}\b(?:bill\w*|"
    r"pay|charg\w*)|\bbilled for the extra\b|"
    r"\bcobr\w* o valor cheio\b|\b(?:natal|ano novo|feriado\w*)\b[^?]{0,50}\b(?:o preco|o valor|"
    r"mais barat\w*|desconto)\b|"
    r"\bpaus\w*\b[^?]{0,60}\b(?:pag\w*|cobr\w*|billed|pay)\b|\b(?:pag\w*|cobr\w*)\b[^?]{0,40}\bpausad|"
    r"\b(?:teto|limite) de (?:gasto|custo|consumo)|\bspend(?:ing)? (?:cap|limit)|"
    r"\bdesliga\w* (?:a maquina )?sozinh|\bauto-?shutdown|"
    r"\b(?:de madrugada|a noite|no fim de semana|fora do horario)\b[^?]{0,40}\b(?:mais barat\w*|"
    r"desconto)|\b(?:mais barat\w*|desconto)\b[^?]{0,30}\b(?:de madrugada|a noite|fim de semana)\b|"
    # "vocês cobram por milhão de tokens de treino, tipo a OpenAI?": we bill machine hours
    r"\bcobr\w* por (?:milhao de |mil |million )?tokens?\b|\b(?:charge|bill)\w* (?:per|by the) "
    r"(?:million )?tokens?\b"
)
# "vocês hospedam o modelo com uma API pra gente chamar?": serving the trained model.
HOSTING = re.compile(
    r"\b(?:voces|vcs|vc|you)\b[^?]{0,30}\b(?:hosped\w+|host|servem|serve)\b|"
    r"\bhospedagem (?:do|de) modelo|\bfica hospedado|"
    r"\b(?:api|endpoint) (?:pra|para) (?:a gente|nos|o nosso sistema) chamar"
)
# "vocês cobram armazenamento dos checkpoints?", "o egress pra baixar o modelo tem custo?"
STORAGE = re.compile(
    r"\b(?:armazenamento|storage|disco)\b[^?]{0,40}\b(?:cobr\w*|pag\w*|custo|custa|preco|charge\w*|"
    r"cost\w*|billed)\b|\b(?:cobr\w*|custo)\b[^?]{0,40}\b(?:armazenamento|storage)\b|\begress\b|"
    r"\b(?:baixar|download\w*)\b[^?]{0,40}\b(?:modelo|pesos|weights|adaptador|checkpoints?)\b[^?]{0,30}"
    r"\b(?:custo|cobr\w*|pag\w*|cost\w*|charge\w*)"
)
# "vocês têm período de teste?", "trial credits": hours given before a project.
TRIAL = re.compile(
    r"\bperiodo de (?:teste|avaliacao)|"
    r"\b(?:teste|horas?|creditos?)\b[^?]{0,20}\b(?:gratis|gratuit\w*|de cortesia)|"
    r"\bfree (?:trial|credits|hours)|\btrial (?:credits|period|hours)|"
    # "qual o pedido mínimo? meu job é coisa de 2h de máquina"
    r"\b(?:pedido|valor|compra|contratacao) minim[oa]\b|\bfranquia minima\b|\bminimo de horas\b|"
    r"\bminimum (?:order|purchase|hours|commitment)\b"
)
# "e uma máquina só de CPU, pra limpar os dados antes?": no accelerator in it.
CPU_ONLY = re.compile(
    r"\b(?:maquina|instancia|machine|instance)s? (?:so |only )?(?:de |com )?cpu\b|"
    r"\bcpu[- ]only\b|\bso (?:de )?cpu\b"
)
# "como eu subo 800 GB de dados? dá pra puxar do nosso bucket S3 ou é via SFTP?"
DATA_TRANSFER = re.compile(
    r"\b(?:como|how)\b[^?]{0,20}\b(?:subo|subir|envio|enviar|mando|mandar|upload|transfer\w*|"
    r"send)\b[^?]{0,40}\b(?:dados|dataset|data|arquivos|files)\b|\bsftp\b|"
    r"\bpux\w* (?:os dados )?(?:direto )?d[oe] (?:um |nosso |seu )?bucket\b|"
    # "dá pra mandar um HD pelo correio?"
    r"\b(?:hd|disco|ssd|pendrive|hard drive)s?\b[^.?!]{0,30}\b(?:correio|sedex|transportadora|"
    r"courier|mail|ship)\w*|"
    # "tem um link dedicado ou um Snowball pra subir 40 TB?"
    r"\bsnowball\b|\bdata box\b|\btransfer appliance\b|\blink dedicado\b|\bdirect connect\b"
)
# "a cobrança é em dólar, tem IOF em cima?": we bill in reais; not "o que é IOF?" (guidance)
FOREIGN_CHARGES = re.compile(
    r"\b(?:tem|tera|vai ter|incide|cobra\w*|pag\w*|com|sem|inclui\w*)\s+(?:o\s+)?iof\b|"
    r"\biof\b[^.?!]{0,30}\b(?:em cima|no cartao|na fatura|na cobranca|incide)\b|"
    r"\b(?:taxa|tarifa|imposto) (?:de|sobre) (?:compra|operac\w*) internaciona\w*|"
    r"\bforeign (?:transaction|exchange) (?:fees?|charges?)"
)
# "esse valor já inclui os impostos ou vem por fora na nota?"
TAXES = re.compile(
    # "esse valor já tá com imposto ou vai ISS e PIS/COFINS por cima?", "com ou sem tributos?"
    r"\b(?:com|sem) (?:ou sem )?(?:os )?(?:impostos?|tributos?)\b|"
    r"\b(?:ta|esta|vem|ja) com (?:os )?(?:impostos?|tributos?)\b|"
    r"\b(?:iss|pis|cofins)\b[^?]{0,25}\bpor cima\b|"
    r"\b(?:inclui|incluem|incluso|inclusos|includes?|included)\b[^?]{0,30}\b(?:impostos?|tributos?|"
    r"iss|pis|cofins|taxes)\b|\b(?:impostos?|tributos?|taxes)\b[^?]{0,30}\b(?:por fora|a parte|"
    r"inclus\w*|included|extra)\b"
)
